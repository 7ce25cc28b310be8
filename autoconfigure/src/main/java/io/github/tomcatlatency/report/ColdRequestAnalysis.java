package io.github.tomcatlatency.report;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequest;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequests;
import io.github.tomcatlatency.report.TomcatLatencyReport.RouteSpikes;
import io.github.tomcatlatency.report.TomcatLatencyReport.Spikes;
import io.github.tomcatlatency.warmup.WarmupResult;
import org.jspecify.annotations.Nullable;

/**
 * Computes what the first requests cost against warm ones: each route's first request
 * against its warm median (penalty and ratio), and the recurring cold spikes.
 */
final class ColdRequestAnalysis {

	private ColdRequestAnalysis() {
	}

	static ColdRequests analyse(RequestStatistics statistics, List<RouteStatistics> routes, int topRoutes,
			@Nullable WarmupResult warmup) {
		RouteStatistics firstRoute = statistics.firstRoute();
		ColdRequest firstRequest = (firstRoute != null) ? coldRequest(firstRoute) : null;
		List<ColdRequest> worst = routes.stream()
			.filter((route) -> route.total().count() > 1)
			.map(ColdRequestAnalysis::coldRequest)
			.filter(Objects::nonNull)
			.sorted(Comparator.comparingDouble(ColdRequest::penaltyMs).reversed())
			.limit(topRoutes)
			.toList();
		return new ColdRequests(statistics.since(), firstRequest, worst, ColdRouteRemedies.remedy(worst, warmup),
				spikes(statistics, routes, topRoutes));
	}

	private static @Nullable ColdRequest coldRequest(RouteStatistics route) {
		Split first = route.first();
		if (first == null) {
			return null;
		}
		double median = Milliseconds.of(route.total().percentileNanos(0.5));
		double penalty = Math.max(0, Math.round((first.totalMs() - median) * 1000) / 1000.0);
		double ratio = (median > 0) ? Math.round(first.totalMs() / median * 100) / 100.0 : 0;
		return new ColdRequest(route.route(), route.method(), route.total().count(), first, median, penalty, ratio);
	}

	private static Spikes spikes(RequestStatistics statistics, List<RouteStatistics> routes, int topRoutes) {
		List<RouteSpikes> spikes = routes.stream()
			.filter((route) -> route.spikes() > 0)
			.sorted(Comparator.comparingLong(RouteStatistics::spikes).reversed())
			.limit(topRoutes)
			.map((route) -> new RouteSpikes(route.route(), route.spikes(), route.lastSpike()))
			.toList();
		long count = routes.stream().mapToLong(RouteStatistics::spikes).sum();
		RouteStatistics.SpikeDetection detection = statistics.spikeDetection();
		return new Spikes(count, detection.factor(), Milliseconds.of(detection.idleNanos()), spikes);
	}

}
