package io.github.tomcatlatency.phase;

/**
 * Receives the phase split of each completed request. Called on Tomcat's request threads
 * once per request, so implementations must be cheap and thread-safe.
 */
@FunctionalInterface
public interface PhaseRecorder {

	/**
	 * Record one completed request.
	 * @param route the request's route
	 * @param method the request method as sent
	 * @param status the response status
	 * @param containerNanos time in {@link Phase#CONTAINER}
	 * @param filtersNanos time in {@link Phase#FILTERS}
	 * @param mvcNanos time in {@link Phase#MVC}
	 */
	void record(Route route, String method, int status, long containerNanos, long filtersNanos, long mvcNanos);

	/**
	 * Record one completed request, with what some recorders need beyond its phases: when
	 * it arrived and, if it was measured, what the JVM did during it. Tomcat calls this
	 * one; by default it records the phases only.
	 * @param route the request's route
	 * @param method the request method as sent
	 * @param status the response status
	 * @param request the completed request, to read during the call only
	 */
	default void record(Route route, String method, int status, CompletedRequest request) {
		record(route, method, status, request.containerNanos(), request.filtersNanos(), request.mvcNanos());
	}

	/**
	 * Prepare what recording a request like this one needs, without recording it: called
	 * for requests left out of the timers, such as warm-up requests, so that the first
	 * recorded request does not pay for it.
	 * @param route the request's route
	 * @param method the request method as sent
	 * @param status the response status
	 */
	default void prepare(Route route, String method, int status) {
	}

}
