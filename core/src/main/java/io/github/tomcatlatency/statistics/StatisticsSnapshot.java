package io.github.tomcatlatency.statistics;

import java.time.Instant;
import java.util.List;

import io.github.tomcatlatency.phase.Phase;
import org.jspecify.annotations.Nullable;

/**
 * The request statistics read for one report, which requests recording meanwhile do not
 * change.
 *
 * @param since when counting started: readiness, or the last reset; {@code null} before
 * readiness
 * @param routes each method and route stored
 * @param total the wall times of their requests
 * @param phases the time in each phase of their requests, by {@link Phase#ordinal()}
 * @param cap the memory the statistics take and what their cap kept out
 */
public record StatisticsSnapshot(@Nullable Instant since, List<RouteSnapshot> routes, HistogramSnapshot total,
		HistogramSnapshot[] phases, Cap cap) {

	/**
	 * The memory the statistics take, estimated from their histograms, and the methods
	 * and routes that did not fit.
	 *
	 * @param usedBytes the memory taken
	 * @param maxBytes the most they may take
	 * @param otherRoutes the methods and routes whose requests were counted, not stored
	 * @param otherRequests their requests
	 */
	public record Cap(long usedBytes, long maxBytes, int otherRoutes, long otherRequests) {

	}

}
