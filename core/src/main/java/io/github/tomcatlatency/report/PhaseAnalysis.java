package io.github.tomcatlatency.report;

import java.util.Comparator;
import java.util.List;

import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.Phase;
import io.github.tomcatlatency.report.TomcatLatencyReport.ContainerPartMeans;
import io.github.tomcatlatency.report.TomcatLatencyReport.Distribution;
import io.github.tomcatlatency.report.TomcatLatencyReport.PhaseDistributions;
import io.github.tomcatlatency.report.TomcatLatencyReport.Phases;
import io.github.tomcatlatency.report.TomcatLatencyReport.RoutePhases;
import io.github.tomcatlatency.report.TomcatLatencyReport.Storage;
import io.github.tomcatlatency.statistics.HistogramSnapshot;
import io.github.tomcatlatency.statistics.RouteSnapshot;
import io.github.tomcatlatency.statistics.StatisticsSnapshot;
import org.jspecify.annotations.Nullable;

/**
 * Computes where request time goes: the distribution of each phase and the container's
 * share of the time, for the application and for the methods and routes with the most
 * time. A route's phases have their means only: it keeps their sums, not histograms.
 */
final class PhaseAnalysis {

	private PhaseAnalysis() {
	}

	static Phases analyse(StatisticsSnapshot statistics, int topRoutes) {
		HistogramSnapshot total = statistics.total();
		HistogramSnapshot[] phases = statistics.phases();
		long[] partNanos = new long[RouteSnapshot.PART_SUMS];
		for (RouteSnapshot route : statistics.routes()) {
			for (int i = 0; i < partNanos.length; i++) {
				partNanos[i] += route.partNanos()[i];
			}
		}
		List<RoutePhases> top = statistics.routes()
			.stream()
			.sorted(Comparator.comparingLong(RouteSnapshot::totalNanos).reversed())
			.limit(topRoutes)
			.map((route) -> new RoutePhases(route.route(), route.method(), route.requests(),
					containerShare(route.phaseNanos(Phase.CONTAINER), route.totalNanos()), distributions(route)))
			.toList();
		PhaseDistributions application = new PhaseDistributions(distribution(phases[Phase.CONTAINER.ordinal()]),
				distribution(phases[Phase.FILTERS.ordinal()]), distribution(phases[Phase.MVC.ordinal()]),
				distribution(total), partMeans(partNanos));
		return new Phases(total.count(),
				containerShare(phases[Phase.CONTAINER.ordinal()].totalNanos(), total.totalNanos()), application, top,
				storage(statistics));
	}

	private static Storage storage(StatisticsSnapshot statistics) {
		StatisticsSnapshot.Cap cap = statistics.cap();
		return new Storage(statistics.routes().size(), cap.otherRoutes(), cap.otherRequests(), cap.usedBytes(),
				cap.maxBytes());
	}

	private static PhaseDistributions distributions(RouteSnapshot route) {
		return new PhaseDistributions(mean(route, Phase.CONTAINER), mean(route, Phase.FILTERS), mean(route, Phase.MVC),
				new Distribution(Milliseconds.of(mean(route.totalNanos(), route.requests())),
						Milliseconds.of(route.p50Nanos()), Milliseconds.of(route.p99Nanos())),
				partMeans(route.partNanos()));
	}

	/**
	 * Return the means of the container's parts from their sums.
	 * @param sums the sums by {@link ContainerPart#ordinal()}, then the count of requests
	 * @return the means, or {@code null} when no request measured them
	 */
	static @Nullable ContainerPartMeans partMeans(long[] sums) {
		long requests = sums[RouteSnapshot.PART_REQUESTS];
		if (requests == 0) {
			return null;
		}
		long[] means = new long[RouteSnapshot.PART_REQUESTS];
		for (int i = 0; i < means.length; i++) {
			means[i] = sums[i] / requests;
		}
		ContainerParts parts = ContainerParts.of(means, null, null, null);
		return new ContainerPartMeans(requests, parts.connectorMs(), parts.valvesInMs(), parts.valvesOutMs(),
				parts.responseMs(), parts.largest(), Math.round(100.0 * sums[RouteSnapshot.LOOKUPS] / requests) / 100.0,
				Milliseconds.of(sums[RouteSnapshot.LOOKUP_NANOS] / requests));
	}

	private static Distribution mean(RouteSnapshot route, Phase phase) {
		return new Distribution(Milliseconds.of(mean(route.phaseNanos(phase), route.requests())), null, null);
	}

	private static long mean(long totalNanos, long count) {
		return (count != 0) ? totalNanos / count : 0;
	}

	private static Distribution distribution(HistogramSnapshot snapshot) {
		return new Distribution(Milliseconds.of(snapshot.meanNanos()), Milliseconds.of(snapshot.percentileNanos(0.5)),
				Milliseconds.of(snapshot.percentileNanos(0.99)));
	}

	private static double containerShare(long containerNanos, long totalNanos) {
		return (totalNanos > 0) ? Math.round(1000.0 * containerNanos / totalNanos) / 1000.0 : 0;
	}

}
