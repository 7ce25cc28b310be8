package io.github.tomcatlatency.phase;

/**
 * The phases that partition a request's wall time, from the moment Tomcat starts reading
 * the request line to the end of the response.
 */
public enum Phase {

	/**
	 * Tomcat outside the filter chain: parsing, mapping, valves and finishing the
	 * response.
	 */
	CONTAINER("container"),

	/**
	 * Servlet filters, excluding the servlet they lead to.
	 */
	FILTERS("filters"),

	/**
	 * The servlet, in a Spring MVC application the {@code DispatcherServlet}: handler
	 * lookup, interceptors, the handler, message conversion, views and exception
	 * resolution. Also the time an asynchronous request spends with the application
	 * between dispatches.
	 */
	MVC("mvc");

	private final String tagValue;

	Phase(String tagValue) {
		this.tagValue = tagValue;
	}

	/**
	 * Return the value of the {@code phase} tag for this phase.
	 * @return the tag value
	 */
	public String tagValue() {
		return this.tagValue;
	}

}
