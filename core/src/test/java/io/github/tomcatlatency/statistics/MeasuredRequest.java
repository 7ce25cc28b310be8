package io.github.tomcatlatency.statistics;

import io.github.tomcatlatency.phase.CompletedRequest;

/**
 * A completed request all of whose time was in Spring MVC, as the probe measures it: the
 * classes the JVM loaded while it ran, no CPU time.
 *
 * @param startNanos when it arrived
 * @param mvcNanos its time
 * @param classesLoaded the classes loaded, or {@link CompletedRequest#NOT_MEASURED}
 */
public record MeasuredRequest(long startNanos, long mvcNanos, long classesLoaded) implements CompletedRequest {

	@Override
	public long containerNanos() {
		return 0;
	}

	@Override
	public long filtersNanos() {
		return 0;
	}

	@Override
	public long cpuNanos() {
		return CompletedRequest.NOT_MEASURED;
	}

}
