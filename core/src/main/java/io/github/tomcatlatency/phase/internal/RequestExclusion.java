package io.github.tomcatlatency.phase.internal;

/**
 * Tells the {@link RequestClassifier} which requests only prepare the recorders even once
 * the application is ready, such as the warm-up's. Asked once per request on Tomcat's
 * request thread, before any servlet code runs, so implementations must not allocate or
 * block.
 */
@FunctionalInterface
public interface RequestExclusion {

	/**
	 * Excludes no request.
	 */
	RequestExclusion NONE = (request) -> false;

	/**
	 * Return whether the request only prepares the recorders.
	 * @param request the coyote request, as parsed by the connector
	 * @return {@code true} to leave the request out of what is recorded
	 */
	boolean excludes(org.apache.coyote.Request request);

}
