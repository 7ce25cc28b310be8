package io.github.tomcatlatency.report;

import java.util.Comparator;
import java.util.List;

import io.github.tomcatlatency.phase.Phase;
import io.github.tomcatlatency.report.DurationHistogram.Snapshot;
import io.github.tomcatlatency.report.TomcatLatencyReport.Distribution;
import io.github.tomcatlatency.report.TomcatLatencyReport.PhaseDistributions;
import io.github.tomcatlatency.report.TomcatLatencyReport.Phases;
import io.github.tomcatlatency.report.TomcatLatencyReport.RoutePhases;

/**
 * Computes where request time goes: the distribution of each phase and the container's
 * share of the time, for the application and for the methods and routes with the most
 * time.
 */
final class PhaseAnalysis {

	private static final Phase[] PHASES = Phase.values();

	private PhaseAnalysis() {
	}

	static Phases analyse(List<RouteSnapshot> routes, int topRoutes) {
		Snapshot total = new Snapshot();
		Snapshot[] phases = new Snapshot[PHASES.length];
		for (Phase phase : PHASES) {
			phases[phase.ordinal()] = new Snapshot();
		}
		for (RouteSnapshot route : routes) {
			total.add(route.total());
			for (Phase phase : PHASES) {
				phases[phase.ordinal()].add(route.phase(phase));
			}
		}
		List<RoutePhases> top = routes.stream()
			.sorted(Comparator.comparingLong((RouteSnapshot route) -> route.total().totalNanos()).reversed())
			.limit(topRoutes)
			.map((route) -> new RoutePhases(route.route(), route.method(), route.total().count(),
					containerShare(route.phases(), route.total()), distributions(route.total(), route.phases())))
			.toList();
		return new Phases(total.count(), containerShare(phases, total), distributions(total, phases), top);
	}

	private static PhaseDistributions distributions(Snapshot total, Snapshot[] phases) {
		return new PhaseDistributions(distribution(phases[Phase.CONTAINER.ordinal()]),
				distribution(phases[Phase.FILTERS.ordinal()]), distribution(phases[Phase.MVC.ordinal()]),
				distribution(total));
	}

	private static Distribution distribution(Snapshot snapshot) {
		return new Distribution(Milliseconds.of(snapshot.meanNanos()), Milliseconds.of(snapshot.percentileNanos(0.5)),
				Milliseconds.of(snapshot.percentileNanos(0.99)));
	}

	private static double containerShare(Snapshot[] phases, Snapshot total) {
		long part = phases[Phase.CONTAINER.ordinal()].totalNanos();
		return (total.totalNanos() > 0) ? Math.round(1000.0 * part / total.totalNanos()) / 1000.0 : 0;
	}

}
