package io.github.tomcatlatency.report;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.github.tomcatlatency.advisory.Component;
import io.github.tomcatlatency.cache.ResourceCacheReport;
import io.github.tomcatlatency.jvmcache.JvmCache;
import io.github.tomcatlatency.report.TomcatLatencyReport.Phases;
import io.github.tomcatlatency.report.TomcatLatencyReport.TomcatState;
import io.github.tomcatlatency.statistics.FirstRequestLoads;
import io.github.tomcatlatency.statistics.RequestStatistics;
import io.github.tomcatlatency.statistics.StatisticsSnapshot;
import io.github.tomcatlatency.warmup.WarmupResult;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;

import org.springframework.aot.AotDetector;
import org.springframework.core.env.Environment;

/**
 * Puts the report together: cold-request penalties, the phase split, the resource cache,
 * the warm-up, the JVM's cache of the application's classes and the running Tomcat's
 * version and configuration risks, from in-memory state and the running server's
 * configuration only. What the actuator endpoint serves; it needs no Spring Boot.
 */
public final class TomcatLatencyReporter {

	private final RequestStatistics statistics;

	private final @Nullable TomcatAdvisories advisories;

	private final Supplier<@Nullable Tomcat> tomcat;

	private final Environment environment;

	private final Supplier<@Nullable WarmupResult> warmup;

	private final Supplier<@Nullable ResourceCacheReport> cache;

	private final Supplier<@Nullable JvmCache> jvmCache;

	private final int topRoutes;

	private final FirstRequestLoads firstRequestLoads;

	/**
	 * Create a reporter.
	 * @param statistics the request statistics
	 * @param advisories the advisories of the running Tomcat, or {@code null} when they
	 * are off
	 * @param tomcat the running Tomcat, once started
	 * @param environment the application's environment
	 * @param warmup the warm-up result, if warm-up is on
	 * @param cache the resource cache report, if tomcat-latency manages the cache
	 * @param jvmCache the JVM's cache of the application's classes, if it can be told,
	 * for example {@code new JvmCacheInspector()::inspect}
	 * @param topRoutes how many routes each list of the report shows at most
	 * @param applicationPackages the application's own packages, whose classes a first
	 * request loaded are told apart from the libraries'
	 */
	public TomcatLatencyReporter(RequestStatistics statistics, @Nullable TomcatAdvisories advisories,
			Supplier<@Nullable Tomcat> tomcat, Environment environment, Supplier<@Nullable WarmupResult> warmup,
			Supplier<@Nullable ResourceCacheReport> cache, Supplier<@Nullable JvmCache> jvmCache, int topRoutes,
			List<String> applicationPackages) {
		this.statistics = statistics;
		this.advisories = advisories;
		this.tomcat = tomcat;
		this.environment = environment;
		this.warmup = warmup;
		this.cache = cache;
		this.jvmCache = jvmCache;
		this.topRoutes = topRoutes;
		this.firstRequestLoads = new FirstRequestLoads(statistics, applicationPackages);
	}

	/**
	 * Return the report.
	 * @return the report
	 */
	public TomcatLatencyReport report() {
		// Copies first: requests keep recording while the report sorts and reads them.
		StatisticsSnapshot statistics = this.statistics.snapshot();
		WarmupResult warmup = this.warmup.get();
		Tomcat tomcat = this.tomcat.get();
		TomcatComponents components = (tomcat != null) ? new TomcatComponents(tomcat) : null;
		ResourceCacheReport cache = (components != null) ? cache(components) : null;
		JvmCache jvmCache = this.jvmCache.get();
		Map<Component, ComponentUsage> usage = (components != null) ? components.usage() : Map.of();
		Phases phases = PhaseAnalysis.analyse(statistics, this.topRoutes);
		List<ConfigurationRisk> risks = (components != null) ? ConfigurationRisks.measured(
				ConfigurationRisks.find(components, this.environment, warmupActive(warmup), cache, jvmCache),
				phases.application().containerParts()) : List.of();
		return new TomcatLatencyReport(
				ColdRequestAnalysis.analyse(statistics.routes(), statistics.since(), this.statistics.spikeDetection(),
						this.topRoutes, warmup, this.firstRequestLoads.loadedPackages(statistics.routes())),
				phases, cache, warmup, jvmCache, AotDetector.useGeneratedArtifacts(),
				(this.advisories != null) ? this.advisories.state(usage, risks) : TomcatState.withoutAdvisories(risks));
	}

	/**
	 * Forget the request statistics; the next request counts as the first again.
	 */
	public void reset() {
		this.statistics.reset();
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

}
