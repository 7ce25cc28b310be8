package io.github.tomcatlatency.report;

import java.time.Instant;

import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.statistics.RecordedSplit;
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

	/**
	 * Return a recorded request's split in milliseconds.
	 * @param recorded the split as recorded, in nanoseconds
	 * @return the split
	 */
	static Split of(RecordedSplit recorded) {
		return new Split(recorded.at(), Milliseconds.of(recorded.totalNanos()),
				Milliseconds.of(recorded.containerNanos()), Milliseconds.of(recorded.filtersNanos()),
				Milliseconds.of(recorded.mvcNanos()), ContainerParts.of(recorded.containerParts()));
	}

}
