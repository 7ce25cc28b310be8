package io.github.tomcatlatency.statistics;

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
 * ({@link #PART_REQUESTS}) and their resource lookups ({@link #LOOKUPS},
 * {@link #LOOKUP_NANOS}); {@link #PART_SUMS} in all
 * @param first the first request to arrive, or {@code null} before one completed
 * @param spikes cold spikes so far
 * @param lastSpike the last spike, or {@code null}
 */
public record RouteSnapshot(String route, String method, long requests, long totalNanos, long p50Nanos, long p99Nanos,
		long[] phaseNanos, long[] partNanos, @Nullable FirstRequest first, long spikes,
		@Nullable RecordedSplit lastSpike) {

	/**
	 * Index in {@link #partNanos()} of the count of requests that measured their parts,
	 * after the sums of the parts, which are indexed by {@link ContainerPart#ordinal()}.
	 */
	public static final int PART_REQUESTS = ContainerPart.values().length;

	/**
	 * Index in {@link #partNanos()} of the sum of those requests' resource lookups.
	 */
	public static final int LOOKUPS = PART_REQUESTS + 1;

	/**
	 * Index in {@link #partNanos()} of the sum of their resource lookups' time.
	 */
	public static final int LOOKUP_NANOS = LOOKUPS + 1;

	/**
	 * The length of {@link #partNanos()}: the sums of the container's parts, the count of
	 * requests that measured them and their resource lookups.
	 */
	public static final int PART_SUMS = LOOKUP_NANOS + 1;

	/**
	 * Return the sum of the time in one phase.
	 * @param phase the phase
	 * @return the sum in nanoseconds
	 */
	public long phaseNanos(Phase phase) {
		return this.phaseNanos[phase.ordinal()];
	}

}
