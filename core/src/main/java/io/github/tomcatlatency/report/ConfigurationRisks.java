package io.github.tomcatlatency.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.github.tomcatlatency.cache.ResourceCacheReport;
import io.github.tomcatlatency.cache.ResourceCacheSettings;
import io.github.tomcatlatency.cache.ResourceCacheStatistics;
import io.github.tomcatlatency.jvmcache.JvmCache;
import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import io.github.tomcatlatency.phase.internal.TimedResourceSet;
import io.github.tomcatlatency.report.ConfigurationRisk.Severity;
import io.github.tomcatlatency.report.TomcatLatencyReport.ContainerPartMeans;
import org.apache.catalina.Context;
import org.apache.catalina.WebResourceRoot;
import org.apache.catalina.WebResourceSet;
import org.apache.catalina.Wrapper;
import org.jspecify.annotations.Nullable;

import org.springframework.core.env.Environment;

/**
 * Finds {@link ConfigurationRisk configuration risks} in a running Tomcat and the
 * application's environment.
 */
final class ConfigurationRisks {

	/**
	 * Share of a cache's capacity from which it counts as full: Tomcat evicts from 90 %.
	 */
	private static final double FULL = 0.9;

	/**
	 * The property that makes a run a training run, which writes the JVM's cache rather
	 * than uses it.
	 */
	static final String TRAINING_PROPERTY = "tomcat-latency.warmup.training";

	/**
	 * The risks whose cost is resource lookups, which the container's parts measure.
	 */
	private static final Set<String> RESOURCE_LOOKUP_RISKS = Set.of("mapper-directory-redirect",
			"resource-caching-disabled", "jar-war-resource-set");

	private ConfigurationRisks() {
	}

	static List<ConfigurationRisk> find(TomcatComponents components, Environment environment, boolean warmupActive,
			@Nullable ResourceCacheReport cache, @Nullable JvmCache jvmCache) {
		List<ConfigurationRisk> risks = new ArrayList<>();
		if (cache != null && cache.statistics() != null) {
			addCacheSizeRisks(cache.settings(), cache.statistics(), risks);
		}
		for (Context context : components.contexts()) {
			if (context.getMapperDirectoryRedirectEnabled()) {
				risks.add(new ConfigurationRisk("mapper-directory-redirect", Severity.HIGH,
						"Context '" + (context.getPath().isEmpty() ? "/" : context.getPath())
								+ "' has mapperDirectoryRedirectEnabled=true: Tomcat looks up "
								+ "a static resource while mapping every request to the DispatcherServlet, the "
								+ "lookup the original Tomcat 8.5.31 incident paid for (bug 62968). The time shows "
								+ "in the container phase.",
						"Remove the TomcatContextCustomizer that calls setMapperDirectoryRedirectEnabled(true): "
								+ "the default, false, is right for Spring MVC, which does its own redirects."));
			}
			WebResourceRoot resources = context.getResources();
			if (resources != null) {
				addResourceRisks(resources, risks);
			}
		}
		if (!warmupActive && lazyDispatcherServlet(components)) {
			risks.add(new ConfigurationRisk("lazy-dispatcher-servlet-without-warmup", Severity.LOW,
					"The DispatcherServlet initialises on the first request and no warm-up runs before the "
							+ "application reports ready, so the first users pay for class loading and "
							+ "initialisation.",
					"Turn warm-up on (tomcat-latency.warmup.enabled=true), or at least set "
							+ "spring.mvc.servlet.load-on-startup=1."));
		}
		if (jvmCache != null) {
			addJvmCacheRisks(jvmCache, environment.getProperty(TRAINING_PROPERTY, Boolean.class, false), risks);
		}
		return risks;
	}

	/**
	 * Add the risks of running without the JVM's cache of the application's classes, or
	 * with one the JVM did not use.
	 * @param jvmCache the JVM's cache
	 * @param training whether this run is a training run, which writes the cache
	 * @param risks the risks to add to
	 */
	static void addJvmCacheRisks(JvmCache jvmCache, boolean training, List<ConfigurationRisk> risks) {
		JvmCacheKind kind = jvmCache.kind();
		if (kind == null) {
			if (!training) {
				risks.add(new ConfigurationRisk("no-jvm-cache", Severity.LOW,
						"This JVM (Java " + jvmCache.javaVersion() + ") runs without "
								+ article(JvmCacheKind.forJava(jvmCache.javaVersion()))
								+ " of the application: every start and each route's first request load and link its "
								+ "classes from the jars.",
						"Build a trained start with tomcat-latency-maven-plugin's train goal and launch it with the "
								+ "line it writes (docs/training.md)."));
			}
		}
		else if (Boolean.FALSE.equals(jvmCache.inUse())) {
			String file = jvmCache.file();
			risks.add(new ConfigurationRisk("jvm-cache-unused", Severity.MEDIUM, "The JVM options name " + article(kind)
					+ ((file != null) ? ", " + file + "," : "") + " but the JVM (Java " + jvmCache.javaVersion()
					+ ") did not use it: a different JDK, "
					+ "JVM options, class path or jar modification times than the training run's, or the file is missing.",
					"Rebuild it with the production JDK and JVM options (tomcat-latency-maven-plugin's train goal) "
							+ "and launch it with the line the goal writes (docs/training.md)."));
		}
	}

	private static String article(JvmCacheKind kind) {
		return ((kind == JvmCacheKind.AOT_CACHE) ? "an " : "a ") + kind.description();
	}

	private static void addCacheSizeRisks(ResourceCacheSettings settings, ResourceCacheStatistics statistics,
			List<ConfigurationRisk> risks) {
		if (settings.pinning() && statistics.pinnedBytes() >= FULL * settings.pinMaxSizeBytes()) {
			risks.add(new ConfigurationRisk("pinned-cache-full", Severity.MEDIUM,
					"Pinned resources take " + statistics.pinnedBytes() + " of the " + settings.pinMaxSizeBytes()
							+ " bytes allowed: resources beyond it are not pinned and expire after the TTL.",
					"Raise tomcat-latency.cache.pin-max-size."));
		}
		if (statistics.sizeBytes() >= FULL * settings.maxSizeBytes()) {
			risks.add(new ConfigurationRisk("resource-cache-full", Severity.MEDIUM,
					"Tomcat's resource cache holds " + statistics.sizeBytes() + " of its " + settings.maxSizeBytes()
							+ " bytes: new entries evict old ones or are not cached (Tomcat logs cache.addFail).",
					"Raise server.tomcat.resource.cache-max-size."));
		}
	}

	/**
	 * Return the risks with what the container's parts measured for those whose cost
	 * shows in them: the resource lookups of the mapper, of a cache that is off and of a
	 * nested jar read again.
	 * @param risks the risks found
	 * @param parts the means of the container's parts since readiness, or {@code null}
	 * before a request measured them
	 * @return the risks, those of the resource lookups with what was measured
	 */
	static List<ConfigurationRisk> measured(List<ConfigurationRisk> risks, @Nullable ContainerPartMeans parts) {
		if (parts == null) {
			return risks;
		}
		String measured = String.format(Locale.ROOT,
				"Since readiness, %d requests: per request %.3f ms in the connector (request line, headers and "
						+ "mapping, where the mapper's lookups run), %.3f ms in the valves before the servlet, "
						+ "%.3f ms after it and %.3f ms writing the response; %.2f resource set lookups taking "
						+ "%.3f ms.",
				parts.requests(), parts.connectorMs(), parts.valvesInMs(), parts.valvesOutMs(), parts.responseMs(),
				parts.resourceLookups(), parts.resourceLookupMs());
		return risks.stream()
			.map((risk) -> RESOURCE_LOOKUP_RISKS.contains(risk.id()) ? risk.withMeasured(measured) : risk)
			.toList();
	}

	private static void addResourceRisks(WebResourceRoot resources, List<ConfigurationRisk> risks) {
		if (!resources.isCachingAllowed()) {
			risks.add(new ConfigurationRisk("resource-caching-disabled", Severity.MEDIUM,
					"Tomcat's static resource cache is off: every resource lookup walks all resource sets.",
					"Set server.tomcat.resource.allow-caching=true (the default)."));
		}
		long jarWarSets = 0;
		for (WebResourceSet set : resources.getJarResources()) {
			// The set Tomcat created, not the starter's timing around it.
			if (TimedResourceSet.unwrap(set)
				.getClass()
				.getName()
				.equals("org.apache.catalina.webresources.JarWarResourceSet")) {
				jarWarSets++;
			}
		}
		if (jarWarSets > 0) {
			risks.add(new ConfigurationRisk("jar-war-resource-set", Severity.MEDIUM, jarWarSets
					+ " jar(s) with META-INF/resources are mounted through Tomcat's JarWarResourceSet, which reads "
					+ "the whole nested jar again after each background gc() (every 10 s) when a cached lookup "
					+ "expires: the periodic spikes of the original incident.",
					"Use Spring Boot's default launcher (remove loaderImplementation CLASSIC from "
							+ "spring-boot-maven-plugin) so nested jars are mounted with direct lookups."));
		}
	}

	private static boolean lazyDispatcherServlet(TomcatComponents components) {
		for (Wrapper wrapper : components.wrappers()) {
			if ("org.springframework.web.servlet.DispatcherServlet".equals(wrapper.getServletClass())) {
				return wrapper.getLoadOnStartup() < 0;
			}
		}
		return false;
	}

}
