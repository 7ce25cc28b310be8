package io.github.tomcatlatency.phase;

/**
 * Tells {@link PhaseValve} which requests to leave out of the phase timers. Asked once
 * per dispatch on Tomcat's request thread, before any servlet code runs, so
 * implementations must not allocate or block.
 */
@FunctionalInterface
public interface RequestExclusion {

	/**
	 * Excludes no request.
	 */
	RequestExclusion NONE = (request) -> false;

	/**
	 * Return whether the request is left out of the phase timers.
	 * @param request the coyote request, as parsed by the connector
	 * @return {@code true} to leave the request untimed
	 */
	boolean excludes(org.apache.coyote.Request request);

}
