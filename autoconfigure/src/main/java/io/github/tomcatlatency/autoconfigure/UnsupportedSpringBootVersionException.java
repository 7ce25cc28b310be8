package io.github.tomcatlatency.autoconfigure;

/**
 * Thrown when tomcat-latency is on the classpath of a Spring Boot version it does not
 * support.
 */
public class UnsupportedSpringBootVersionException extends IllegalStateException {

	private final String bootVersion;

	UnsupportedSpringBootVersionException(String bootVersion) {
		super("tomcat-latency requires Spring Boot " + SpringBootVersionCheck.SUPPORTED
				+ " but this application runs Spring Boot " + bootVersion);
		this.bootVersion = bootVersion;
	}

	/**
	 * Return the Spring Boot version found.
	 * @return the version
	 */
	public String getBootVersion() {
		return this.bootVersion;
	}

}
