package io.github.tomcatlatency.autoconfigure.internal;

/**
 * Thrown when a tomcat-latency starter is on the classpath of a Spring Boot version it is
 * not built for, or with the starter of another line.
 */
public class UnsupportedSpringBootVersionException extends IllegalStateException {

	private final String action;

	UnsupportedSpringBootVersionException(String message, String action) {
		super(message);
		this.action = action;
	}

	/**
	 * Return what to do about it.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}
