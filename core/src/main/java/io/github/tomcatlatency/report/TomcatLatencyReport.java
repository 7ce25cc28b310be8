package io.github.tomcatlatency.report;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.advisory.Advisory;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.advisory.Severity;
import io.github.tomcatlatency.advisory.TomcatVersion;
import io.github.tomcatlatency.advisory.VersionRisk;
import io.github.tomcatlatency.cache.ResourceCacheReport;
import io.github.tomcatlatency.classload.LoadedPackages.PackageCount;
import io.github.tomcatlatency.jvmcache.JvmCache;
import io.github.tomcatlatency.warmup.WarmupResult;
import org.apache.catalina.util.ServerInfo;
import org.jspecify.annotations.Nullable;

/**
 * What the {@code tomcat-latency} endpoint reports. Every duration is a number of
 * milliseconds whose name ends in {@code Ms}.
 *
 * @param coldRequests what the first requests cost against warm ones
 * @param phases where request time goes
 * @param cache Tomcat's static resource cache: settings in force and who set them, and
 * statistics when tomcat-latency manages it
 * @param warmup the warm-up result, or {@code null} when warm-up is off
 * @param jvmCache whether the JVM runs with a cache of the application's classes (an AOT
 * cache or a CDS archive) and how many classes it shared, or {@code null} when that
 * cannot be told (not a HotSpot JVM)
 * @param springAot whether the application context started from the code Spring AOT
 * generated at the build ({@code -Dspring.aot.enabled=true}) instead of its configuration
 * classes
 * @param tomcat the running Tomcat's version risk and configuration risks
 */
public record TomcatLatencyReport(ColdRequests coldRequests, Phases phases, @Nullable ResourceCacheReport cache,
		@Nullable WarmupResult warmup, @Nullable JvmCache jvmCache, boolean springAot, TomcatState tomcat) {

	/**
	 * Cold-request penalties.
	 *
	 * @param since when counting started: readiness, or the last reset
	 * @param firstRequest the first request after the application became ready, against
	 * the warm median of its route, or {@code null} before any request
	 * @param worstRoutes the methods and routes whose first request cost most over their
	 * warm median
	 * @param remedy how to warm the routes whose first request paid a cold penalty, or
	 * {@code null} when none did
	 * @param spikes requests far above their route's median after the route sat idle
	 */
	public record ColdRequests(@Nullable Instant since, @Nullable ColdRequest firstRequest,
			List<ColdRequest> worstRoutes, @Nullable ColdRouteRemedy remedy, Spikes spikes) {

	}

	/**
	 * How to warm the routes whose first request after readiness took at least
	 * {@link ColdRouteRemedies#COLD_RATIO} times their warm median.
	 *
	 * @param routes the cold routes, as {@code METHOD route}
	 * @param applicationYml the {@code application.yml} lines that warm them, one
	 * configured warm-up request per route
	 * @param discoverableRoutes those of them that
	 * {@code tomcat-latency.warmup.discover-routes=true} would warm instead: {@code GET}
	 * routes with a literal path, while discovery is off
	 */
	public record ColdRouteRemedy(List<String> routes, String applicationYml, List<String> discoverableRoutes) {

	}

	/**
	 * The first request of one method and route against the route's warm median.
	 *
	 * @param route the route
	 * @param method the request method
	 * @param requests requests of this method to the route so far
	 * @param first the first request to arrive: its time and phases
	 * @param warmMedianMs the median of this method and route
	 * @param penaltyMs how much longer the first request took than the median
	 * @param ratio the first request's time divided by the median
	 * @param cause why the first request was slow
	 */
	public record ColdRequest(String route, String method, long requests, Split first, double warmMedianMs,
			double penaltyMs, double ratio, ColdCause cause) {

	}

	/**
	 * Why a first request was slow, and what would remove what is left.
	 *
	 * @param classesLoaded the classes the JVM loaded while it ran, on any thread, or
	 * {@code null} when it was not measured
	 * @param cpuMs the CPU time of the thread that served it, to set against its wall
	 * time, or {@code null} when it was not measured
	 * @param loadedPackages the classes the thread that served it loaded, by library
	 * (groups of packages, the application's own apart), most first, or {@code null} when
	 * the JVM's class loads were not logged (only HotSpot on Linux logs them)
	 * @param warmup whether the warm-up reached the route's handler before readiness
	 * @param remedy the configuration that would have warmed it, or {@code null} when it
	 * was not cold
	 */
	public record ColdCause(@Nullable Long classesLoaded, @Nullable Double cpuMs,
			@Nullable List<PackageCount> loadedPackages, WarmupReach warmup, @Nullable String remedy) {

	}

	/**
	 * Recurring cold spikes.
	 *
	 * @param count spikes so far, all routes
	 * @param factor how many times its route's median a request took at least to count
	 * @param idleMs how long its route had been idle at least
	 * @param routes the routes with spikes, most first, with the last spike's split
	 */
	public record Spikes(long count, double factor, double idleMs, List<RouteSpikes> routes) {

	}

	/**
	 * Spikes of one method and route.
	 *
	 * @param route the route
	 * @param method the request method
	 * @param count its spikes so far
	 * @param last the last spike's time and phases
	 */
	public record RouteSpikes(String route, String method, long count, @Nullable Split last) {

	}

	/**
	 * Where request time goes.
	 *
	 * @param requests requests counted
	 * @param containerShare the share of all request time spent in the container phase
	 * @param application mean, median and 99th percentile of each phase and the total,
	 * for all routes together
	 * @param topRoutes the methods and routes with the most total time, each with its
	 * phases
	 * @param storage the memory the request statistics take, their cap, and what it kept
	 * out
	 */
	public record Phases(long requests, double containerShare, PhaseDistributions application,
			List<RoutePhases> topRoutes, Storage storage) {

	}

	/**
	 * The memory the request statistics take and their cap
	 * ({@code tomcat-latency.report.max-memory}): the methods and routes that arrive once
	 * it is reached are counted together, not stored, and are in no other figure.
	 *
	 * @param routes methods and routes stored
	 * @param otherRoutes methods and routes the cap kept out
	 * @param otherRequests their requests
	 * @param memoryBytes the heap the statistics take, estimated from their histograms
	 * @param maxMemoryBytes the cap
	 */
	public record Storage(int routes, int otherRoutes, long otherRequests, long memoryBytes, long maxMemoryBytes) {

	}

	/**
	 * The phases of one method and route.
	 *
	 * @param route the route
	 * @param method the request method
	 * @param requests requests of this method to the route
	 * @param containerShare the share of the route's time spent in the container phase
	 * @param phases mean, median and 99th percentile of each phase and the total
	 */
	public record RoutePhases(String route, String method, long requests, double containerShare,
			PhaseDistributions phases) {

	}

	/**
	 * The distribution of each phase and of the total.
	 *
	 * @param container time in Tomcat outside the filter chain
	 * @param filters time in servlet filters
	 * @param mvc time in the servlet (Spring MVC)
	 * @param total the request's wall time in Tomcat
	 * @param containerParts the means of the container's parts, or {@code null} when no
	 * request measured them
	 */
	public record PhaseDistributions(Distribution container, Distribution filters, Distribution mvc, Distribution total,
			@Nullable ContainerPartMeans containerParts) {

	}

	/**
	 * The mean of each part of the container phase, over the requests that measured them.
	 *
	 * @param requests the requests that measured them
	 * @param connectorMs reading the request line and headers, and mapping
	 * @param valvesInMs the valves before the filter chain
	 * @param valvesOutMs the valves after it, the error page dispatch included
	 * @param responseMs finishing the response: commit, write, flush
	 * @param largest the name of the part with the largest mean
	 * @param resourceLookups the mean number of lookups Tomcat's resource sets made per
	 * request
	 * @param resourceLookupMs the mean time of those lookups per request
	 */
	public record ContainerPartMeans(long requests, double connectorMs, double valvesInMs, double valvesOutMs,
			double responseMs, String largest, double resourceLookups, double resourceLookupMs) {

	}

	/**
	 * A distribution of durations: the exact mean, and percentiles never below the true
	 * value and at most 1/16 (6.25 %) or half a microsecond above it.
	 *
	 * @param meanMs the mean
	 * @param p50Ms the median, or {@code null} for a route's phase, whose durations are
	 * summed only
	 * @param p99Ms the 99th percentile, or {@code null} for a route's phase
	 */
	public record Distribution(double meanMs, @Nullable Double p50Ms, @Nullable Double p99Ms) {

	}

	/**
	 * The running Tomcat. With {@code tomcat-latency.advisories.enabled=false} only its
	 * version and configuration risks: no verdict is given without the data.
	 *
	 * @param version the running version, or {@code unknown} when {@code server.info}
	 * hides it
	 * @param branch its branch, for example {@code 11.0}
	 * @param status how it relates to the releases the advisory data knows, or
	 * {@code null} when advisories are off
	 * @param latestKnownRelease the newest release of the branch the data knows
	 * @param releasesBehind releases between the running version and that one, or
	 * {@code null} when advisories are off
	 * @param advisoryData which advisory data the verdict rests on, and how old it is, or
	 * {@code null} when advisories are off
	 * @param highestSeverity Tomcat's highest rating among the advisories that affect
	 * this version and may apply to this application, or {@code null} when advisories are
	 * off
	 * @param advisories the advisories that affect this version, those that apply to this
	 * application first, or {@code null} when advisories are off
	 * @param remedy the upgrade that fixes them all, or {@code null} if none affects it
	 * @param configurationRisks configurations that cost latency
	 */
	public record TomcatState(String version, @Nullable String branch, VersionRisk.@Nullable Status status,
			@Nullable String latestKnownRelease, @Nullable Integer releasesBehind,
			@Nullable AdvisoryDataState advisoryData, @Nullable Severity highestSeverity,
			@Nullable List<AdvisoryState> advisories, @Nullable Upgrade remedy,
			List<ConfigurationRisk> configurationRisks) {

		/**
		 * Return the state of a Tomcat that is not assessed against advisory data.
		 * @param configurationRisks configurations that cost latency
		 * @return the version and the configuration risks
		 */
		static TomcatState withoutAdvisories(List<ConfigurationRisk> configurationRisks) {
			TomcatVersion version = TomcatAdvisories.runningVersion(ServerInfo.getServerInfo());
			return new TomcatState((version != null) ? version.toString() : "unknown",
					(version != null) ? version.branch() : null, null, null, null, null, null, null, null,
					configurationRisks);
		}

	}

	/**
	 * The advisory data in use.
	 *
	 * @param source where it came from: the newest of {@code BUNDLED} (in the
	 * auto-configuration jar), {@code ARTIFACT} (the {@code tomcat-latency-advisories}
	 * dependency) and {@code LOCATION} ({@code tomcat-latency.advisories.location})
	 * @param dataDate the date up to which it covers releases and advisories
	 * @param ageDays days from the data date to today
	 * @param maxAgeDays the configured {@code tomcat-latency.advisories.max-age}, in days
	 * @param stale whether the data is older than that
	 * @param osvAdvisories advisories added from OSV records that the curated data lacks
	 * @param warnings what went wrong while looking for data, for example an unreadable
	 * data artifact
	 */
	public record AdvisoryDataState(SelectedAdvisoryData.Source source, LocalDate dataDate, long ageDays,
			long maxAgeDays, boolean stale, int osvAdvisories, List<String> warnings) {

	}

	/**
	 * An advisory that affects the running version.
	 *
	 * @param id the CVE id, or a bug id for a latency bug
	 * @param kind a security advisory or a latency bug
	 * @param rating Tomcat's own rating
	 * @param title a short description
	 * @param applies whether it applies to this application ({@code MAYBE} for an OSV
	 * record the curated data lacks)
	 * @param components each component the advisory needs and whether this application
	 * uses it
	 * @param fixedIn the first release of this branch that fixes it, or {@code null} when
	 * its source names no fix yet
	 * @param lastAffected when its source names no fix: the last affected version of this
	 * branch it names, otherwise {@code null}
	 * @param source where the advisory is described
	 * @param osv whether the advisory comes from an OSV record (its id is the OSV id)
	 * @param aliases other ids of the advisory, for example the CVE id of an OSV record
	 */
	public record AdvisoryState(String id, Advisory.Kind kind, Severity rating, String title, Applicability applies,
			Map<String, ComponentUsage> components, @Nullable String fixedIn, @Nullable String lastAffected,
			String source, boolean osv, List<String> aliases) {

	}

	/**
	 * The upgrade that fixes every advisory listed, as far as the data knows.
	 *
	 * @param version the Tomcat version to run
	 * @param maven the Maven property to set
	 * @param gradle the Gradle line to set
	 * @param springBootReleases per Spring Boot line, the first release known to ship
	 * that version or newer; empty when none does
	 * @param springBoot how to get that version with Spring Boot: the releases to upgrade
	 * to, or, when no Spring Boot release ships it, the {@code tomcat.version} override
	 * @param fixUnconfirmed advisories whose fix no source names yet: the version is the
	 * first release after their last affected one
	 * @param fixUnknown advisories the version does not fix, as far as the data knows
	 */
	public record Upgrade(String version, String maven, String gradle, List<String> springBootReleases,
			String springBoot, List<String> fixUnconfirmed, List<String> fixUnknown) {

	}

}
