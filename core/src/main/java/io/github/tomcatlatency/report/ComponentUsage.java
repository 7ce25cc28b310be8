package io.github.tomcatlatency.report;

/**
 * Whether the application uses a Tomcat component an advisory needs.
 */
public enum ComponentUsage {

	/**
	 * The running server has the component on.
	 */
	USED,

	/**
	 * The running server does not have the component.
	 */
	NOT_USED,

	/**
	 * The component is present but whether it is used cannot be told from the server's
	 * configuration.
	 */
	UNKNOWN

}
