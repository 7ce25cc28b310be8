package io.github.tomcatlatency.report;

/**
 * Where the advisory data the report judges the running Tomcat by comes from.
 */
public enum AdvisoryDataOrigin {

	/**
	 * The data bundled with tomcat-latency.
	 */
	BUNDLED,

	/**
	 * The data at {@code tomcat-latency.advisories.location}.
	 */
	CUSTOM

}
