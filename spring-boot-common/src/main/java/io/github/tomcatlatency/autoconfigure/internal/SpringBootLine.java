package io.github.tomcatlatency.autoconfigure.internal;

/**
 * The Spring Boot lines tomcat-latency has a starter for.
 */
public enum SpringBootLine {

	/**
	 * Spring Boot 3.5.x.
	 */
	BOOT_3("3.5.x", "tomcat-latency-spring-boot3-starter",
			"io.github.tomcatlatency.autoconfigure.adapter.SpringBoot3LineCheck"),

	/**
	 * Spring Boot 4.x.
	 */
	BOOT_4("4.x", "tomcat-latency-spring-boot-starter",
			"io.github.tomcatlatency.autoconfigure.adapter.SpringBoot4LineCheck");

	private final String versions;

	private final String starter;

	private final String checkClassName;

	SpringBootLine(String versions, String starter, String checkClassName) {
		this.versions = versions;
		this.starter = starter;
		this.checkClassName = checkClassName;
	}

	/**
	 * Return whether this line's starter runs on the given Spring Boot version.
	 * @param major the version's major number
	 * @param minor the version's minor number
	 * @return whether it runs there
	 */
	boolean runs(int major, int minor) {
		return (this == BOOT_3) ? major == 3 && minor >= 5 : major >= 4;
	}

	/**
	 * Return the versions this line's starter runs on, as users read them.
	 * @return the versions
	 */
	String versions() {
		return this.versions;
	}

	/**
	 * Return the artifact id of this line's starter.
	 * @return the artifact id
	 */
	String starter() {
		return this.starter;
	}

	/**
	 * Return the name of the class that this line's starter registers to check the line.
	 * @return the class name
	 */
	String checkClassName() {
		return this.checkClassName;
	}

}
