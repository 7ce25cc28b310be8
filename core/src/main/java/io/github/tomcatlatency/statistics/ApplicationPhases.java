package io.github.tomcatlatency.statistics;

import io.github.tomcatlatency.phase.Phase;
import org.HdrHistogram.AtomicHistogram;

/**
 * A histogram of each phase of every request stored, whatever its route, in
 * {@link RouteHistograms#MAX_STRIPES} stripes that threads pick by id, as routes do: the
 * phases' percentiles the report gives for the application. Each route keeps its phases'
 * exact sums only, which the phases' means and the means here are read from.
 */
final class ApplicationPhases {

	private static final Phase[] PHASES = Phase.values();

	/**
	 * The heap the histograms take.
	 */
	static final long BYTES = (long) RouteHistograms.MAX_STRIPES * PHASES.length * DurationHistogram.BYTES;

	private final AtomicHistogram[][] stripes = new AtomicHistogram[RouteHistograms.MAX_STRIPES][];

	ApplicationPhases() {
		for (int i = 0; i < this.stripes.length; i++) {
			this.stripes[i] = new AtomicHistogram[] { DurationHistogram.newAtomicHistogram(),
					DurationHistogram.newAtomicHistogram(), DurationHistogram.newAtomicHistogram() };
		}
	}

	void record(long containerNanos, long filtersNanos, long mvcNanos) {
		AtomicHistogram[] stripe = this.stripes[RouteHistograms.threadIndex() & (this.stripes.length - 1)];
		stripe[Phase.CONTAINER.ordinal()].recordValue(DurationHistogram.clamp(containerNanos));
		stripe[Phase.FILTERS.ordinal()].recordValue(DurationHistogram.clamp(filtersNanos));
		stripe[Phase.MVC.ordinal()].recordValue(DurationHistogram.clamp(mvcNanos));
	}

	/**
	 * Return a copy of each phase's histogram, the stripes merged, with the given sums.
	 * @param phaseNanos the sum of each phase's durations, by {@link Phase#ordinal()}
	 * @return the copies, by {@link Phase#ordinal()}
	 */
	HistogramSnapshot[] snapshots(long[] phaseNanos) {
		HistogramSnapshot[] snapshots = new HistogramSnapshot[PHASES.length];
		for (Phase phase : PHASES) {
			HistogramSnapshot snapshot = new HistogramSnapshot();
			long sum = phaseNanos[phase.ordinal()];
			for (AtomicHistogram[] stripe : this.stripes) {
				snapshot.add(stripe[phase.ordinal()], sum);
				sum = 0;
			}
			snapshots[phase.ordinal()] = snapshot;
		}
		return snapshots;
	}

}
