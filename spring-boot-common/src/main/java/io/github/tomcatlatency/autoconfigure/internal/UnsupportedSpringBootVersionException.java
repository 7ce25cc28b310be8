package io.github.tomcatlatency.autoconfigure.internal;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a tomcat-latency starter is on the classpath of a Spring Boot version it is
 * not built for, or with the starter of another line.
 */
public class UnsupportedSpringBootVersionException extends IllegalStateException {

	private final @Nullable String bootVersion;

	private final String action;

	UnsupportedSpringBootVersionException(@Nullable String bootVersion, String message, String action) {
		super(message);
		this.bootVersion = bootVersion;
		this.action = action;
	}

	/**
	 * Return the Spring Boot version found.
	 * @return the version, or {@code null} if Spring Boot does not know its own
	 */
	public @Nullable String getBootVersion() {
		return this.bootVersion;
	}

	/**
	 * Return what to do about it.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}
