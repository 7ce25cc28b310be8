package io.github.tomcatlatency.report;

import java.time.Instant;

import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.phase.CompletedRequest;
import org.jspecify.annotations.Nullable;

/**
 * One request's wall time and its phases, in milliseconds.
 *
 * @param at when the request completed
 * @param totalMs the request's wall time in Tomcat
 * @param containerMs time in Tomcat outside the filter chain
 * @param filtersMs time in servlet filters
 * @param mvcMs time in the servlet (Spring MVC)
 * @param containerParts the container time in its parts, or {@code null} when they were
 * not measured
 */
public record Split(Instant at, double totalMs, double containerMs, double filtersMs, double mvcMs,
		@Nullable ContainerParts containerParts) {

	static Split of(long containerNanos, long filtersNanos, long mvcNanos, @Nullable CompletedRequest request) {
		return new Split(Instant.now(), Milliseconds.of(containerNanos + filtersNanos + mvcNanos),
				Milliseconds.of(containerNanos), Milliseconds.of(filtersNanos), Milliseconds.of(mvcNanos),
				ContainerParts.of(request));
	}

}
