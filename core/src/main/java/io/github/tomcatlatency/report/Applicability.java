package io.github.tomcatlatency.report;

/**
 * Whether an advisory applies to the application, given the Tomcat components it uses.
 * Declared from the most to the least applicable: the report lists advisories in this
 * order.
 */
public enum Applicability {

	/**
	 * The application uses every component the advisory needs.
	 */
	YES,

	/**
	 * Whether the application uses one of the components cannot be told.
	 */
	MAYBE,

	/**
	 * The application does not use one of the components the advisory needs.
	 */
	NO

}
