package io.github.tomcatlatency.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import io.github.tomcatlatency.advisory.Component;
import io.github.tomcatlatency.cache.ResourceCacheReport;
import io.github.tomcatlatency.phase.Phase;
import io.github.tomcatlatency.report.LatencyHistogram.Snapshot;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequest;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequests;
import io.github.tomcatlatency.report.TomcatLatencyReport.Distribution;
import io.github.tomcatlatency.report.TomcatLatencyReport.Phases;
import io.github.tomcatlatency.report.TomcatLatencyReport.RoutePhases;
import io.github.tomcatlatency.report.TomcatLatencyReport.RouteSpikes;
import io.github.tomcatlatency.report.TomcatLatencyReport.Spikes;
import org.apache.catalina.Context;
import io.github.tomcatlatency.warmup.WarmupResult;
import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.core.env.Environment;

/**
 * {@link Endpoint @Endpoint} that reports where Tomcat adds latency: cold-request
 * penalties, the phase split, the resource cache, the warm-up and the running Tomcat's
 * version and configuration risks. Served at {@code /actuator/tomcat-latency}. It reads
 * only in-memory state and the running server's configuration.
 */
@Endpoint(id = TomcatLatencyEndpoint.ID)
public class TomcatLatencyEndpoint {

	/**
	 * The endpoint's id; one word, as Boot's own multi-word ids are.
	 */
	public static final String ID = "tomcatlatency";

	/**
	 * The path the endpoint is mapped to, below the actuator base path.
	 */
	public static final String PATH = "tomcat-latency";

	private static final Phase[] PHASES = Phase.values();

	private final RequestStatistics statistics;

	private final TomcatAdvisories advisories;

	private final Supplier<@Nullable Tomcat> tomcat;

	private final Environment environment;

	private final Supplier<@Nullable WarmupResult> warmup;

	private final Supplier<@Nullable ResourceCacheReport> cache;

	private final int topRoutes;

	private volatile @Nullable Instant since;

	/**
	 * Create the endpoint.
	 * @param statistics the request statistics
	 * @param advisories the advisories of the running Tomcat
	 * @param tomcat the running Tomcat, once started
	 * @param environment the application's environment
	 * @param warmup the warm-up result, if warm-up is on
	 * @param cache the resource cache report, if tomcat-latency manages the cache
	 * @param topRoutes how many routes each list of the report shows at most
	 */
	public TomcatLatencyEndpoint(RequestStatistics statistics, TomcatAdvisories advisories,
			Supplier<@Nullable Tomcat> tomcat, Environment environment, Supplier<@Nullable WarmupResult> warmup,
			Supplier<@Nullable ResourceCacheReport> cache, int topRoutes) {
		this.statistics = statistics;
		this.advisories = advisories;
		this.tomcat = tomcat;
		this.environment = environment;
		this.warmup = warmup;
		this.cache = cache;
		this.topRoutes = topRoutes;
	}

	@ReadOperation
	public TomcatLatencyReport report() {
		List<RouteStatistics> routes = this.statistics.routes();
		WarmupResult warmup = this.warmup.get();
		Tomcat tomcat = this.tomcat.get();
		TomcatComponents components = (tomcat != null) ? new TomcatComponents(tomcat) : null;
		ResourceCacheReport cache = (components != null) ? cache(components) : null;
		Map<Component, ComponentUsage> usage = (components != null) ? components.usage() : Map.of();
		List<ConfigurationRisk> risks = (components != null)
				? ConfigurationRisks.find(components, this.environment, warmupActive(warmup), cache) : List.of();
		return new TomcatLatencyReport(coldRequests(routes), phases(routes), cache, warmup,
				this.advisories.state(usage, risks));
	}

	private static boolean warmupActive(@Nullable WarmupResult warmup) {
		return warmup != null && warmup.state() != WarmupResult.State.SKIPPED;
	}

	private @Nullable ResourceCacheReport cache(TomcatComponents components) {
		ResourceCacheReport managed = this.cache.get();
		if (managed != null) {
			return managed;
		}
		// Boot's embedded server has one context.
		for (Context context : components.contexts()) {
			if (context.getResources() != null) {
				return ResourceCacheReport.unmanaged(context.getResources());
			}
		}
		return null;
	}

	/**
	 * Forget the request statistics; the next request counts as the first again.
	 */
	@WriteOperation
	public void reset() {
		this.statistics.reset();
		this.since = Instant.now();
	}

	private ColdRequests coldRequests(List<RouteStatistics> routes) {
		RouteStatistics firstRoute = this.statistics.firstRoute();
		ColdRequest firstRequest = (firstRoute != null) ? coldRequest(firstRoute) : null;
		List<ColdRequest> worst = routes.stream()
			.filter((route) -> route.total().count() > 1)
			.map(TomcatLatencyEndpoint::coldRequest)
			.filter(Objects::nonNull)
			.sorted(Comparator.comparingDouble(ColdRequest::penaltyMs).reversed())
			.limit(this.topRoutes)
			.toList();
		List<RouteSpikes> spikes = routes.stream()
			.filter((route) -> route.spikes() > 0)
			.sorted(Comparator.comparingLong(RouteStatistics::spikes).reversed())
			.limit(this.topRoutes)
			.map((route) -> new RouteSpikes(route.route(), route.spikes(), route.lastSpike()))
			.toList();
		long spikeCount = routes.stream().mapToLong(RouteStatistics::spikes).sum();
		return new ColdRequests(this.since, firstRequest, worst,
				new Spikes(spikeCount, this.statistics.spikeDetection().factor(),
						Duration.ofNanos(this.statistics.spikeDetection().idleNanos()).toSeconds(), spikes));
	}

	private static @Nullable ColdRequest coldRequest(RouteStatistics route) {
		Split first = route.first();
		if (first == null) {
			return null;
		}
		double median = Split.millis(route.total().percentileNanos(0.5));
		double penalty = Math.max(0, Math.round((first.totalMs() - median) * 1000) / 1000.0);
		double ratio = (median > 0) ? Math.round(first.totalMs() / median * 100) / 100.0 : 0;
		return new ColdRequest(route.route(), route.total().count(), first, median, penalty, ratio);
	}

	private Phases phases(List<RouteStatistics> routes) {
		Snapshot total = new Snapshot();
		Snapshot[] phases = { new Snapshot(), new Snapshot(), new Snapshot() };
		for (RouteStatistics route : routes) {
			total.add(route.total());
			for (Phase phase : PHASES) {
				phases[phase.ordinal()].add(route.phase(phase));
			}
		}
		List<RoutePhases> top = new ArrayList<>();
		routes.stream()
			.sorted(Comparator.comparingLong((RouteStatistics route) -> route.total().totalNanos()).reversed())
			.limit(this.topRoutes)
			.forEach((route) -> {
				Snapshot routeTotal = route.total().snapshot();
				Snapshot[] routePhases = new Snapshot[PHASES.length];
				for (Phase phase : PHASES) {
					routePhases[phase.ordinal()] = route.phase(phase).snapshot();
				}
				top.add(new RoutePhases(route.route(), routeTotal.count(),
						share(routePhases[Phase.CONTAINER.ordinal()], routeTotal),
						distributions(routeTotal, routePhases)));
			});
		return new Phases(total.count(), share(phases[Phase.CONTAINER.ordinal()], total), distributions(total, phases),
				top);
	}

	private static Map<String, Distribution> distributions(Snapshot total, Snapshot[] phases) {
		Map<String, Distribution> distributions = new LinkedHashMap<>();
		for (Phase phase : PHASES) {
			distributions.put(phase.tagValue(), distribution(phases[phase.ordinal()]));
		}
		distributions.put("total", distribution(total));
		return distributions;
	}

	private static Distribution distribution(Snapshot snapshot) {
		return new Distribution(Split.millis(snapshot.meanNanos()), Split.millis(snapshot.percentileNanos(0.5)),
				Split.millis(snapshot.percentileNanos(0.99)));
	}

	private static double share(Snapshot part, Snapshot total) {
		return (total.totalNanos() > 0) ? Math.round(1000.0 * part.totalNanos() / total.totalNanos()) / 1000.0 : 0;
	}

}
