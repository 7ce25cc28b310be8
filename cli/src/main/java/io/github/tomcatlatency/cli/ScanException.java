package io.github.tomcatlatency.cli;

/**
 * Thrown when a path cannot be scanned: it does not exist, or it is not a jar, WAR,
 * directory or CycloneDX SBOM that can be read. The message is one line that names the
 * path.
 */
class ScanException extends Exception {

	ScanException(String message) {
		super(message);
	}

}
