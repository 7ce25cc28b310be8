package io.github.tomcatlatency.advisory;

/**
 * A Spring Boot release and the Tomcat version it manages.
 *
 * @param version the Spring Boot version, for example {@code "4.0.8"}
 * @param tomcatVersion the Tomcat version that release manages
 */
public record BootRelease(String version, TomcatVersion tomcatVersion) {

	/**
	 * Return the Spring Boot line of this release, for example {@code "4.0"}.
	 * @return the line
	 */
	public String line() {
		int first = this.version.indexOf('.');
		int second = this.version.indexOf('.', first + 1);
		return (second > 0) ? this.version.substring(0, second) : this.version;
	}

	/**
	 * Return whether this is a milestone or release candidate, for example
	 * {@code "4.2.0-M2"}.
	 * @return whether this is a pre-release
	 */
	public boolean isMilestone() {
		return this.version.contains("-");
	}

}
