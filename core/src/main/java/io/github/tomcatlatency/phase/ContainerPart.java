package io.github.tomcatlatency.phase;

/**
 * The parts that partition a request's {@link Phase#CONTAINER container} time, in the
 * order a request passes through them. They add up to the container time to the
 * nanosecond: the last, {@link #RESPONSE}, is what the others leave.
 */
public enum ContainerPart {

	/**
	 * Tomcat's connector before the engine's pipeline: reading the request line and the
	 * headers, and mapping the request to its context and servlet (the mapper's welcome
	 * files and directory redirect included).
	 */
	CONNECTOR("connector"),

	/**
	 * The valves before the servlet's filter chain: the engine's, host's, context's and
	 * wrapper's (an authenticator, a library's or the application's), and the servlet's
	 * allocation, its lazy initialisation included.
	 */
	VALVES_IN("valves-in"),

	/**
	 * The valves after the filter chain returned, until the engine's pipeline returns:
	 * the error report valve, the host's error page dispatch outside its filters and
	 * servlet, and what the valves do on the way out.
	 */
	VALVES_OUT("valves-out"),

	/**
	 * The response after the engine's pipeline returned, until Tomcat logs the request:
	 * committing the response, writing what was buffered and flushing it to the client.
	 */
	RESPONSE("response");

	private final String tagValue;

	ContainerPart(String tagValue) {
		this.tagValue = tagValue;
	}

	/**
	 * Return the value of the {@code part} tag and the name of this part in the report.
	 * @return the tag value
	 */
	public String tagValue() {
		return this.tagValue;
	}

}
