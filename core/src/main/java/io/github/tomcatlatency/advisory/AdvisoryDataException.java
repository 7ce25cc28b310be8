package io.github.tomcatlatency.advisory;

/**
 * Thrown when advisory data cannot be read. The message names the data and, for a
 * malformed line, its 1-based line number.
 */
public class AdvisoryDataException extends IllegalStateException {

	AdvisoryDataException(String name, int lineNumber, String problem) {
		super(name + " line " + lineNumber + ": " + problem);
	}

	public AdvisoryDataException(String name, String problem) {
		super(name + ": " + problem);
	}

}
