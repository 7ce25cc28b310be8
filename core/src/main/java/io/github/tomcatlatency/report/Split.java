package io.github.tomcatlatency.report;

import java.time.Instant;

import io.github.tomcatlatency.internal.Milliseconds;

/**
 * One request's wall time and its phases, in milliseconds.
 *
 * @param at when the request completed
 * @param totalMs the request's wall time in Tomcat
 * @param containerMs time in Tomcat outside the filter chain
 * @param filtersMs time in servlet filters
 * @param mvcMs time in the servlet (Spring MVC)
 */
public record Split(Instant at, double totalMs, double containerMs, double filtersMs, double mvcMs) {

	static Split of(long containerNanos, long filtersNanos, long mvcNanos) {
		return new Split(Instant.now(), Milliseconds.of(containerNanos + filtersNanos + mvcNanos),
				Milliseconds.of(containerNanos), Milliseconds.of(filtersNanos), Milliseconds.of(mvcNanos));
	}

}
