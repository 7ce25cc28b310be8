package io.github.tomcatlatency.sample;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.tomcatlatency.sample.PrometheusSamples.Sample;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * End-to-end test through a real Prometheus: the packaged sample is scraped every second
 * while traffic runs, then the meters and every query of the Grafana dashboard are read
 * back through Prometheus's HTTP query API, as a user would see them.
 */
class PrometheusIT {

	private static final Duration TRAFFIC = Duration.ofSeconds(10);

	private static final Duration INGESTION_TIMEOUT = Duration.ofSeconds(30);

	private static final Set<String> PHASES = Set.of("container", "filters", "mvc");

	// The routes whose requests are counted, to know when Prometheus has seen them all.
	private static final String COUNTED_ROUTES = "uri=~\"/fast|/filtered|/slow\"";

	// What Grafana substitutes in a query: any value works for a query to run; $__range
	// covers all of the test's data.
	private static final Map<String, String> GRAFANA_VARIABLES = Map.of("__rate_interval", "1m", "__interval", "15s",
			"__range", "5m");

	private static final Pattern GRAFANA_VARIABLE = Pattern.compile("\\$\\{?(\\w+)}?");

	private static final Pattern CACHE_METRIC = Pattern.compile("tomcat_latency_cache_\\w+");

	private static SampleJar sample;

	private static PrometheusServer prometheus;

	@BeforeAll
	static void scrapeTraffic() throws Exception {
		// A newcomer with only Java and Maven skips this test; CI installs Prometheus and
		// must run it.
		assumeTrue(System.getenv("CI") != null || PrometheusServer.findBinary().isPresent(),
				"PrometheusIT skipped: no 'prometheus' binary (apt-get install --no-install-recommends prometheus)");
		sample = SampleJar.start();
		prometheus = PrometheusServer.start(sample.port());
		long requests = driveTraffic();
		prometheus.await("ingesting " + requests + " requests of " + COUNTED_ROUTES + " in each phase",
				INGESTION_TIMEOUT, () -> {
					Map<String, Double> counts = byPhase(
							"sum by (phase) (tomcat_latency_request_seconds_count{" + COUNTED_ROUTES + "})");
					return counts.keySet().equals(PHASES) && counts.values().stream().allMatch((c) -> c >= requests);
				});
	}

	/**
	 * Request the sample's routes in a loop for a bounded time, long enough for many
	 * one-second scrapes.
	 * @return how many requests went to the counted routes
	 */
	private static long driveTraffic() throws Exception {
		// Static content, so that Tomcat's resource cache has lookups to count.
		assertThat(sample.get("/swagger-ui/index.html").statusCode()).isEqualTo(200);
		long requests = 0;
		long deadline = System.nanoTime() + TRAFFIC.toNanos();
		while (System.nanoTime() < deadline) {
			assertThat(sample.get("/fast").statusCode()).isEqualTo(200);
			assertThat(sample.get("/filtered").statusCode()).isEqualTo(200);
			assertThat(sample.get("/slow?millis=100").statusCode()).isEqualTo(200);
			requests += 3;
			assertThat(sample.get("/greetings/" + UUID.randomUUID()).statusCode()).isEqualTo(200);
			assertThat(sample.get("/no/such/" + UUID.randomUUID() + ".css").statusCode()).isEqualTo(404);
		}
		return requests;
	}

	@AfterAll
	static void stop() throws Exception {
		try (SampleJar stopSample = sample; PrometheusServer stopPrometheus = prometheus) {
			// Both closed, Prometheus first, even when one fails.
		}
	}

	@Test
	void everyPhaseHasARate() throws Exception {
		Map<String, Double> rates = byPhase("sum by (phase) (rate(tomcat_latency_request_seconds_count[1m]))");
		assertThat(rates).containsOnlyKeys(PHASES).allSatisfy((phase, rate) -> assertThat(rate).as(phase).isPositive());
	}

	@Test
	void slowFilterDominatesItsRoute() throws Exception {
		assertDominates("/filtered", "filters");
	}

	@Test
	void slowControllerDominatesItsRoute() throws Exception {
		assertDominates("/slow", "mvc");
	}

	@Test
	void seriesHaveTheDocumentedLabelsAndLeaveTheScrapeOut() throws Exception {
		List<Sample> series = prometheus.query("tomcat_latency_request_seconds_count");
		assertThat(series).allSatisfy((sample) -> assertThat(sample.labels().keySet())
			.containsAll(Set.of("phase", "method", "uri", "outcome")));
		// Prometheus scraped /actuator/prometheus hundreds of times: none of it is timed.
		assertThat(series.stream().map((sample) -> sample.labels().get("uri")))
			.contains("/fast", "/filtered", "/slow", "/greetings/{name}")
			.noneMatch((uri) -> uri.startsWith("/actuator"));
	}

	@Test
	void versionRiskGaugeIsScraped() throws Exception {
		assertThat(prometheus.query("tomcat_latency_advisories_severity{job=\"" + PrometheusServer.JOB + "\"}"))
			.singleElement()
			.satisfies((sample) -> assertThat(sample.value()).isIn(-1.0, 0.0, 1.0, 2.0, 3.0, 4.0));
	}

	@Test
	void advisoryDataAgeGaugesAreScrapedInDays() throws Exception {
		// The packaged app carries the tomcat-latency-advisories artifact: its data is
		// dated on or before today, and the default maximum age is 60 days
		assertThat(prometheus.query("tomcat_latency_advisories_age_days{job=\"" + PrometheusServer.JOB + "\"}"))
			.singleElement()
			.satisfies((sample) -> assertThat(sample.value()).isGreaterThanOrEqualTo(0.0));
		assertThat(prometheus.query("tomcat_latency_advisories_max_age_days{job=\"" + PrometheusServer.JOB + "\"}"))
			.singleElement()
			.satisfies((sample) -> assertThat(sample.value()).isEqualTo(60.0));
	}

	@Test
	void dashboardUsesItsDatasourceInputAndNamesEverySeverity() {
		Map<String, Object> dashboard = dashboard();
		List<Map<String, Object>> inputs = cast(dashboard.get("__inputs"));
		assertThat(inputs).extracting((input) -> input.get("name")).containsExactly("DS_PROMETHEUS");
		assertThat(panels(dashboard)).isNotEmpty().allSatisfy((panel) -> {
			assertThat(datasourceUid(panel)).as(title(panel)).isEqualTo("${DS_PROMETHEUS}");
			assertThat(targets(panel)).as(title(panel))
				.isNotEmpty()
				.allSatisfy((target) -> assertThat(datasourceUid(target)).isEqualTo("${DS_PROMETHEUS}"));
		});
		Map<String, Object> severity = panels(dashboard).stream()
			.filter((panel) -> targets(panel).stream().anyMatch((target) -> expr(target).contains("severity")))
			.findFirst()
			.orElseThrow();
		Map<String, Object> fieldConfig = cast(severity.get("fieldConfig"));
		Map<String, Object> defaults = cast(fieldConfig.get("defaults"));
		List<Map<String, Object>> mappings = cast(defaults.get("mappings"));
		assertThat(mappings).flatExtracting((mapping) -> {
			Map<String, Object> options = cast(mapping.get("options"));
			return options.keySet();
		}).containsExactlyInAnyOrder("-1", "0", "1", "2", "3", "4");
	}

	@TestFactory
	Stream<DynamicTest> everyDashboardQueryAnswers() {
		return panels(dashboard()).stream()
			.flatMap((panel) -> targets(panel).stream()
				.map((target) -> DynamicTest.dynamicTest(title(panel) + " [" + target.get("refId") + "]",
						() -> assertAnswers(expr(target)))));
	}

	private void assertAnswers(String expr) throws Exception {
		String promql = resolveGrafanaVariables(expr);
		assumeCacheMetersExist(promql);
		List<Sample> result = prometheus.query(promql);
		assertThat(result).as("'%s' after traffic", promql)
			.anySatisfy((sample) -> assertThat(sample.value()).isFinite());
	}

	/**
	 * The cache meters come with the resource cache feature: until it is part of the
	 * build, the cache panels are skipped. Once any cache meter exists, every cache
	 * metric a panel names must exist.
	 */
	private void assumeCacheMetersExist(String promql) throws Exception {
		Matcher matcher = CACHE_METRIC.matcher(promql);
		if (matcher.find()) {
			assumeTrue(!prometheus.query("count({__name__=~\"tomcat_latency_cache_.+\"})").isEmpty(),
					"No tomcat_latency_cache_* meter is scraped yet: skipping " + promql);
		}
	}

	static String resolveGrafanaVariables(String expr) {
		return GRAFANA_VARIABLE.matcher(expr).replaceAll((variable) -> {
			String value = GRAFANA_VARIABLES.get(variable.group(1));
			assertThat(value).as("value of Grafana variable %s in %s", variable.group(), expr).isNotNull();
			return value;
		});
	}

	private static void assertDominates(String uri, String dominant) throws Exception {
		Map<String, Double> sums = byPhase("sum by (phase) (tomcat_latency_request_seconds_sum{uri=\"" + uri + "\"})");
		double total = sums.values().stream().mapToDouble(Double::doubleValue).sum();
		assertThat(sums).containsOnlyKeys(PHASES);
		assertThat(sums.get(dominant)).as(dominant + " of " + sums).isGreaterThan(total / 2);
	}

	private static Map<String, Double> byPhase(String promql) throws Exception {
		return prometheus.query(promql)
			.stream()
			.collect(Collectors.toMap((sample) -> sample.labels().get("phase"), Sample::value));
	}

	private static Map<String, Object> dashboard() {
		try {
			return JsonParserFactory.getJsonParser()
				.parseMap(Files.readString(Path.of(System.getProperty("dashboard.json"))));
		}
		catch (Exception ex) {
			throw new IllegalStateException("System property 'dashboard.json' must name the dashboard", ex);
		}
	}

	private static List<Map<String, Object>> panels(Map<String, Object> dashboard) {
		List<Map<String, Object>> panels = new ArrayList<>();
		List<Map<String, Object>> children = cast(dashboard.get("panels"));
		for (Map<String, Object> panel : children) {
			panels.add(panel);
			// Rows hold their panels when collapsed.
			if (panel.get("panels") != null) {
				panels.addAll(panels(panel));
			}
		}
		return panels.stream().filter((panel) -> !"row".equals(panel.get("type"))).toList();
	}

	private static List<Map<String, Object>> targets(Map<String, Object> panel) {
		return (panel.get("targets") != null) ? cast(panel.get("targets")) : List.of();
	}

	private static String title(Map<String, Object> panel) {
		return (String) panel.get("title");
	}

	private static String expr(Map<String, Object> target) {
		return (String) target.get("expr");
	}

	private static Object datasourceUid(Map<String, Object> panelOrTarget) {
		Map<String, Object> datasource = cast(panelOrTarget.get("datasource"));
		return (datasource != null) ? datasource.get("uid") : null;
	}

	@SuppressWarnings("unchecked")
	private static <T> T cast(Object value) {
		return (T) value;
	}

}
