package io.github.tomcatlatency.statistics;

import java.time.Instant;

import io.github.tomcatlatency.phase.CompletedRequest;
import org.jspecify.annotations.Nullable;

/**
 * One request's phases as recorded, in nanoseconds: the first request of a route or a
 * cold spike, kept until the report reads it.
 *
 * @param at when the request completed
 * @param containerNanos time in Tomcat outside the filter chain
 * @param filtersNanos time in servlet filters
 * @param mvcNanos time in the servlet (Spring MVC)
 * @param containerParts the container time in its parts, or {@code null} when they were
 * not measured
 */
public record RecordedSplit(Instant at, long containerNanos, long filtersNanos, long mvcNanos,
		@Nullable RecordedContainerParts containerParts) {

	static RecordedSplit of(long containerNanos, long filtersNanos, long mvcNanos, @Nullable CompletedRequest request) {
		return new RecordedSplit(Instant.now(), containerNanos, filtersNanos, mvcNanos,
				RecordedContainerParts.of(request));
	}

	/**
	 * Return the request's wall time in Tomcat.
	 * @return the sum of its phases in nanoseconds
	 */
	public long totalNanos() {
		return this.containerNanos + this.filtersNanos + this.mvcNanos;
	}

}
