package io.github.tomcatlatency.bench.api;

/**
 * Thrown when a requested entity does not exist.
 */
public class NotFoundException extends RuntimeException {

	public NotFoundException(String what, Long id) {
		super("No " + what + " " + id);
	}

}
