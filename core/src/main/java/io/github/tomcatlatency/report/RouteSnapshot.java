package io.github.tomcatlatency.report;

import io.github.tomcatlatency.phase.Phase;
import org.jspecify.annotations.Nullable;

/**
 * A copy of the statistics of one method and route, taken for one report: the analyses
 * read and sort copies, which no request changes under them.
 *
 * @param route the route
 * @param method the request method
 * @param total the requests' wall times
 * @param phases the time in each phase, by {@link Phase#ordinal()}
 * @param first the first request to arrive, or {@code null} before one completed
 * @param spikes cold spikes so far
 * @param lastSpike the last spike, or {@code null}
 */
record RouteSnapshot(String route, String method, DurationHistogram.Snapshot total, DurationHistogram.Snapshot[] phases,
		@Nullable FirstRequest first, long spikes, @Nullable Split lastSpike) {

	DurationHistogram.Snapshot phase(Phase phase) {
		return this.phases[phase.ordinal()];
	}

}
