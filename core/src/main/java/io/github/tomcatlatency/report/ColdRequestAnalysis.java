package io.github.tomcatlatency.report;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import io.github.tomcatlatency.classload.LoadedPackages.PackageCount;
import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdCause;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequest;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequests;
import io.github.tomcatlatency.report.TomcatLatencyReport.RouteSpikes;
import io.github.tomcatlatency.report.TomcatLatencyReport.Spikes;
import io.github.tomcatlatency.statistics.FirstRequest;
import io.github.tomcatlatency.statistics.RecordedSplit;
import io.github.tomcatlatency.statistics.RouteSnapshot;
import io.github.tomcatlatency.statistics.SpikeDetection;
import io.github.tomcatlatency.warmup.WarmupResult;
import org.jspecify.annotations.Nullable;

/**
 * Computes what the first requests cost against warm ones: the first request of each
 * method and route against its warm median (penalty and ratio) and why it was slow, and
 * the recurring cold spikes.
 */
final class ColdRequestAnalysis {

	private ColdRequestAnalysis() {
	}

	static ColdRequests analyse(List<RouteSnapshot> routes, @Nullable Instant since, SpikeDetection detection,
			int topRoutes, @Nullable WarmupResult warmup,
			Function<FirstRequest, @Nullable List<PackageCount>> loadedBy) {
		boolean discovering = ColdRouteRemedies.discovering(warmup);
		ColdRequest firstRequest = routes.stream()
			.filter((route) -> route.first() != null)
			.reduce((a, b) -> Objects.requireNonNull(b.first()).arrivedBefore(Objects.requireNonNull(a.first())) ? b
					: a)
			.map((route) -> coldRequest(route, warmup, discovering, loadedBy))
			.orElse(null);
		List<ColdRequest> worst = routes.stream()
			.filter((route) -> route.requests() > 1)
			.map((route) -> coldRequest(route, warmup, discovering, loadedBy))
			.filter(Objects::nonNull)
			.sorted(Comparator.comparingDouble(ColdRequest::penaltyMs).reversed())
			.limit(topRoutes)
			.toList();
		return new ColdRequests(since, firstRequest, worst, ColdRouteRemedies.remedy(worst, warmup),
				spikes(routes, detection, topRoutes));
	}

	private static @Nullable ColdRequest coldRequest(RouteSnapshot route, @Nullable WarmupResult warmup,
			boolean discovering, Function<FirstRequest, @Nullable List<PackageCount>> loadedBy) {
		FirstRequest first = route.first();
		if (first == null) {
			return null;
		}
		Split split = Split.of(first.split());
		double median = Milliseconds.of(route.p50Nanos());
		double penalty = Math.max(0, Math.round((split.totalMs() - median) * 1000) / 1000.0);
		double ratio = (median > 0) ? Math.round(split.totalMs() / median * 100) / 100.0 : 0;
		WarmupReach reach = WarmupReach.of(route.route(), route.method(), warmup);
		String remedy = ColdRouteRemedies.isCold(route.route(), ratio)
				? ColdRouteRemedies.remedy(route.route(), route.method(), reach, discovering) : null;
		ColdCause cause = new ColdCause(measured(first.classesLoaded()),
				(first.cpuNanos() != CompletedRequest.NOT_MEASURED) ? Milliseconds.of(first.cpuNanos()) : null,
				loadedBy.apply(first), reach, remedy);
		return new ColdRequest(route.route(), route.method(), route.requests(), split, median, penalty, ratio, cause);
	}

	private static @Nullable Long measured(long value) {
		return (value != CompletedRequest.NOT_MEASURED) ? value : null;
	}

	private static Spikes spikes(List<RouteSnapshot> routes, SpikeDetection detection, int topRoutes) {
		List<RouteSpikes> spikes = routes.stream()
			.filter((route) -> route.spikes() > 0)
			.sorted(Comparator.comparingLong(RouteSnapshot::spikes).reversed())
			.limit(topRoutes)
			.map((route) -> new RouteSpikes(route.route(), route.method(), route.spikes(), split(route.lastSpike())))
			.toList();
		long count = routes.stream().mapToLong(RouteSnapshot::spikes).sum();
		return new Spikes(count, detection.factor(), Milliseconds.of(detection.idleNanos()), spikes);
	}

	private static @Nullable Split split(@Nullable RecordedSplit recorded) {
		return (recorded != null) ? Split.of(recorded) : null;
	}

}
