package io.github.tomcatlatency.report;

import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.Phase;
import org.jspecify.annotations.Nullable;

/**
 * The statistics of one method and route, read for one report: figures that no request
 * changes under the analyses that read and sort them.
 *
 * @param route the route
 * @param method the request method
 * @param requests the requests recorded
 * @param totalNanos the sum of their wall times
 * @param p50Nanos the median wall time
 * @param p99Nanos the 99th percentile of the wall times
 * @param phaseNanos the sum of the time in each phase, by {@link Phase#ordinal()}
 * @param partNanos the sum of the time in each container part, by
 * {@link ContainerPart#ordinal()}, then the number of requests that measured them
 * @param first the first request to arrive, or {@code null} before one completed
 * @param spikes cold spikes so far
 * @param lastSpike the last spike, or {@code null}
 */
record RouteSnapshot(String route, String method, long requests, long totalNanos, long p50Nanos, long p99Nanos,
		long[] phaseNanos, long[] partNanos, @Nullable FirstRequest first, long spikes, @Nullable Split lastSpike) {

	long phaseNanos(Phase phase) {
		return this.phaseNanos[phase.ordinal()];
	}

}
