package io.github.tomcatlatency.sample;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.DoublePredicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.tomcatlatency.sample.PrometheusSamples.Sample;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * End-to-end test of a fleet through a real Prometheus: two instances of the packaged
 * sample are scraped every second as one job while traffic runs, with the shipped rule
 * file loaded; then the meters, every query of the Grafana dashboard and every rule are
 * read back through Prometheus's HTTP API, as an operator would see them.
 */
class PrometheusIT {

	private static final Duration TRAFFIC = Duration.ofSeconds(10);

	private static final Duration INGESTION_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration ALERT_TIMEOUT = Duration.ofSeconds(20);

	private static final Set<String> PHASES = Set.of("container", "filters", "mvc");

	private static final List<String> COUNTED_ROUTES = List.of("/fast", "/filtered", "/slow");

	private static final String COUNTED = "job=\"" + PrometheusServer.JOB + "\", uri=~\"/fast|/filtered|/slow\"";

	// Families of meters that come with features other changes add: a query of them must
	// run, and answer once any meter of its family is scraped.
	private static final List<Pattern> OPTIONAL_METERS = List.of(Pattern.compile("tomcat_latency_cache_[a-z_]+"));

	private static final String IMPORTANT = "TomcatLatencyVersionRiskImportant";

	private static final String UNKNOWN = "TomcatLatencyVersionRiskUnknown";

	private static final String STALE = "TomcatLatencyAdvisoryDataStale";

	private static final String CONTAINER_SHARE = "TomcatLatencyContainerShareHigh";

	private static final double CONTAINER_SHARE_THRESHOLD = 0.25;

	// The container-share alert judges instances with at least a request per second over
	// its 5-minute window: from seconds of data, that takes a few hundred requests.
	private static final int FAST_BURST = 400;

	private static final GrafanaDashboard dashboard = GrafanaDashboard.load();

	private static final PrometheusRules rules = PrometheusRules.load();

	private static final List<SampleJar> fleet = new ArrayList<>();

	// Requests to the counted routes each instance has recorded, by instance label.
	private static final Map<String, Long> requests = new LinkedHashMap<>();

	private static PrometheusServer prometheus;

	@BeforeAll
	static void scrapeTrafficToTwoInstances() throws Exception {
		// A newcomer with only Java and Maven skips this test; CI installs Prometheus and
		// must run it.
		assumeTrue(System.getenv("CI") != null || PrometheusServer.findBinary().isPresent(),
				"PrometheusIT skipped: no 'prometheus' binary (apt-get install --no-install-recommends prometheus)");
		// The second instance turns HTTP/2 on and reads advisory data (a fixture
		// of two real advisories) in which its Tomcat has Important HTTP/2
		// advisories: they apply to it.
		String advisories = "file:" + Path.of(PrometheusIT.class.getResource("/http2-advisories.txt").toURI());
		CompletableFuture<SampleJar> first = CompletableFuture.supplyAsync(() -> startSample());
		CompletableFuture<SampleJar> second = CompletableFuture.supplyAsync(
				() -> startSample("--server.http2.enabled=true", "--tomcat-latency.advisories.location=" + advisories));
		try {
			fleet.add(first.join());
		}
		finally {
			fleet.add(second.join());
		}
		prometheus = PrometheusServer.start(fleet.stream().map(SampleJar::port).toList(), rules.withoutForDurations());
		for (SampleJar sample : fleet) {
			requests.put(instance(sample), recordedRequests(sample));
		}
		driveTraffic();
		prometheus.await("ingesting " + requests + " requests of " + COUNTED + " in each phase", INGESTION_TIMEOUT,
				() -> {
					List<Sample> counts = prometheus
						.query("sum by (instance, phase) (tomcat_latency_request_seconds_count{" + COUNTED + "})");
					return counts.size() == requests.size() * PHASES.size() && counts.stream()
						.allMatch((count) -> count.value() == requests.get(count.labels().get("instance")));
				});
		prometheus.await("evaluating every rule", INGESTION_TIMEOUT,
				() -> prometheus.rules().stream().noneMatch((rule) -> "unknown".equals(rule.get("health"))));
	}

	private static SampleJar startSample(String... arguments) {
		try {
			return SampleJar.start(arguments);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Request the sample's routes on both instances in a loop for a bounded time, long
	 * enough for many one-second scrapes; the first instance gets more requests than the
	 * second, so that a count on the wrong instance shows.
	 */
	private static void driveTraffic() throws Exception {
		for (SampleJar sample : fleet) {
			// Static content, so that Tomcat's resource cache has lookups to count.
			assertThat(sample.get("/swagger-ui/index.html").statusCode()).isEqualTo(200);
		}
		long deadline = System.nanoTime() + TRAFFIC.toNanos();
		while (System.nanoTime() < deadline) {
			for (SampleJar sample : fleet) {
				assertThat(sample.get("/fast").statusCode()).isEqualTo(200);
				assertThat(sample.get("/filtered").statusCode()).isEqualTo(200);
				assertThat(sample.get("/slow?millis=100").statusCode()).isEqualTo(200);
				requests.merge(instance(sample), 3L, Long::sum);
				assertThat(sample.get("/greetings/" + UUID.randomUUID()).statusCode()).isEqualTo(200);
				assertThat(sample.get("/no/such/" + UUID.randomUUID() + ".css").statusCode()).isEqualTo(404);
			}
			assertThat(fleet.get(0).get("/fast").statusCode()).isEqualTo(200);
			requests.merge(instance(fleet.get(0)), 1L, Long::sum);
		}
		// Last, so that scrapes before and after it see the whole burst.
		for (SampleJar sample : fleet) {
			for (int i = 0; i < FAST_BURST; i++) {
				assertThat(sample.get("/fast").statusCode()).isEqualTo(200);
			}
			requests.merge(instance(sample), (long) FAST_BURST, Long::sum);
		}
	}

	/**
	 * Requests to the counted routes an instance has recorded so far, in one phase: none
	 * unless a warm-up or a probe reached them.
	 */
	private static long recordedRequests(SampleJar sample) throws Exception {
		PrometheusSamples scrape = PrometheusSamples.parse(sample.get("/actuator/prometheus").body());
		return COUNTED_ROUTES.stream()
			.mapToLong((uri) -> (long) scrape.sum("tomcat_latency_request_seconds_count",
					Map.of("phase", "container", "uri", uri)))
			.sum();
	}

	@AfterAll
	static void stop() throws Exception {
		try (SampleJar stopFirst = fleet.isEmpty() ? null : fleet.get(0);
				SampleJar stopSecond = (fleet.size() < 2) ? null : fleet.get(1);
				PrometheusServer stopPrometheus = prometheus) {
			// All closed, Prometheus first, even when one fails.
		}
	}

	@Test
	void fleetAggregateIsTheSumOfItsInstances() throws Exception {
		Map<String, Double> perInstance = byLabel("instance",
				"sum by (instance) (tomcat_latency_request_seconds_count{phase=\"container\", " + COUNTED + "})");
		assertThat(perInstance).containsOnlyKeys(requests.keySet())
			.allSatisfy((instance, count) -> assertThat(count).as(instance)
				.isEqualTo(requests.get(instance).doubleValue()));
		double fleetCount = single("sum(tomcat_latency_request_seconds_count{phase=\"container\", " + COUNTED + "})");
		assertThat(fleetCount).isEqualTo((double) requests.values().stream().mapToLong(Long::longValue).sum());
		// The dashboard's fleet-wide panel is the sum of the instances at the same
		// moment.
		long time = System.currentTimeMillis() / 1000;
		String selector = "tomcat_latency_request_seconds_sum{job=\"" + PrometheusServer.JOB + "\"}[1m]";
		Map<String, Double> fleetRate = byLabel("phase", "sum by (phase) (rate(" + selector + "))", time);
		Map<String, Double> summed = new HashMap<>();
		for (Sample sample : prometheus.query("sum by (instance, phase) (rate(" + selector + "))", time)) {
			summed.merge(sample.labels().get("phase"), sample.value(), Double::sum);
		}
		assertThat(fleetRate).containsOnlyKeys(PHASES)
			.allSatisfy((phase, rate) -> assertThat(rate).isCloseTo(summed.get(phase), within(1e-9 * rate)));
	}

	@Test
	void everyPhaseHasARateOnEveryInstance() throws Exception {
		List<Sample> rates = prometheus
			.query("sum by (instance, phase) (rate(tomcat_latency_request_seconds_count[" + "1m]))");
		assertThat(rates).hasSize(requests.size() * PHASES.size())
			.allSatisfy((rate) -> assertThat(rate.value()).as(rate.labels().toString()).isPositive());
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
		// Prometheus scraped /actuator/prometheus dozens of times: none of it is timed.
		assertThat(series.stream().map((sample) -> sample.labels().get("uri")))
			.contains("/fast", "/filtered", "/slow", "/greetings/{name}")
			.noneMatch((uri) -> uri.startsWith("/actuator"));
	}

	@Test
	void versionRiskGaugeIsScrapedFromEveryInstance() throws Exception {
		assertThat(severities()).containsOnlyKeys(requests.keySet())
			.allSatisfy((instance, severity) -> assertThat(severity).isIn(-1.0, 0.0, 1.0, 2.0, 3.0, 4.0));
	}

	@Test
	void advisoryDataAgeGaugesAreScrapedInDaysFromEveryInstance() throws Exception {
		// The packaged app carries the tomcat-latency-advisories artifact: its data is
		// dated on or before today, and the default maximum age is 60 days
		assertThat(byLabel("instance", "tomcat_latency_advisories_age_days{job=\"" + PrometheusServer.JOB + "\"}"))
			.containsOnlyKeys(requests.keySet())
			.allSatisfy((instance, age) -> assertThat(age).isGreaterThanOrEqualTo(0.0));
		assertThat(byLabel("instance", "tomcat_latency_advisories_max_age_days{job=\"" + PrometheusServer.JOB + "\"}"))
			.containsOnlyKeys(requests.keySet())
			.allSatisfy((instance, maxAge) -> assertThat(maxAge).isEqualTo(60.0));
	}

	@Test
	void dashboardVariablesListTheFleet() throws Exception {
		assertThat(labelValues("job")).containsExactly(PrometheusServer.JOB);
		assertThat(labelValues("instance")).containsExactlyInAnyOrderElementsOf(requests.keySet());
		assertThat(labelValues("uri")).contains("/fast", "/filtered", "/slow", "/greetings/{name}");
	}

	@TestFactory
	Stream<DynamicTest> everyDashboardQueryAnswersForEveryInstance() {
		return dashboard.panels()
			.stream()
			.flatMap((panel) -> GrafanaDashboard.targets(panel)
				.stream()
				.map((target) -> DynamicTest.dynamicTest(
						GrafanaDashboard.title(panel) + " [" + target.get("refId") + "]",
						() -> assertAnswers(dashboard.resolve(GrafanaDashboard.expr(target))))));
	}

	@Test
	void everyRuleIsLoadedAndEvaluatesWithoutError() throws Exception {
		List<Map<String, Object>> loaded = prometheus.rules();
		assertThat(loaded).extracting((rule) -> rule.get("name"))
			.containsExactlyInAnyOrderElementsOf(
					rules.rules().stream().map((rule) -> rule.getOrDefault("record", rule.get("alert"))).toList());
		assertThat(loaded).allSatisfy((rule) -> {
			assertThat(rule.get("health")).as("health of %s: %s", rule.get("name"), rule.get("lastError"))
				.isEqualTo("ok");
			// Evaluated on its own, too: an error would throw.
			prometheus.query((String) rule.get("query"));
		});
	}

	@Test
	void everyRecordingRuleRecordsEveryInstance() throws Exception {
		assertThat(rules.recordings()).isNotEmpty().allSatisfy((rule) -> {
			Map<String, Double> recorded = byLabel("instance",
					"count by (instance) (" + rule.get("record") + "{job=\"" + PrometheusServer.JOB + "\"})");
			assertThat(recorded.keySet()).as((String) rule.get("record")).isEqualTo(requests.keySet());
		});
	}

	@Test
	void versionRiskAlertFiresExactlyForTheInstancesWithAnImportantAdvisoryThatApplies() throws Exception {
		Map<String, Double> severities = severities();
		// The sample's Tomcat with HTTP/2 on, judged with data that has its
		// HTTP/2 advisories.
		assertThat(severities.get(instance(fleet.get(1)))).isGreaterThanOrEqualTo(3);
		Set<String> atRisk = instancesWhere(severities, (severity) -> severity >= 3);
		prometheus.await(IMPORTANT + " firing for " + atRisk + " (severities " + severities + ")", ALERT_TIMEOUT,
				() -> firing(IMPORTANT).equals(atRisk));
		assertThat(byLabel("instance", "ALERTS{alertname=\"" + IMPORTANT + "\", alertstate=\"firing\"}").keySet())
			.isEqualTo(atRisk);
		assertThat(alerts(IMPORTANT)).allSatisfy((alert) -> {
			Map<String, String> labels = GrafanaDashboard.cast(alert.get("labels"));
			Map<String, String> annotations = GrafanaDashboard.cast(alert.get("annotations"));
			boolean critical = severities.get(labels.get("instance")) >= 4;
			assertThat(labels).containsEntry("severity", critical ? "critical" : "warning")
				.containsEntry("job", PrometheusServer.JOB);
			assertThat(annotations.get("summary")).isEqualTo("Tomcat on " + labels.get("instance") + " has "
					+ (critical ? "a critical" : "an important") + " advisory that may apply");
			assertThat(annotations.get("runbook_url")).endsWith("docs/alerts.md#tomcatlatencyversionriskimportant");
		});
	}

	@Test
	void unknownVersionRiskAlertFiresExactlyForTheInstancesWithoutAVerdict() throws Exception {
		Map<String, Double> severities = severities();
		// The bundled data may be older than the Tomcat of the Spring Boot line
		// built against: then the first instance has no verdict, never a safe one.
		Set<String> unknown = instancesWhere(severities, (severity) -> severity == -1);
		assertThat(unknown).doesNotContain(instance(fleet.get(1)));
		if (unknown.isEmpty()) {
			assertQuiet(UNKNOWN);
			return;
		}
		prometheus.await(UNKNOWN + " firing for " + unknown + " (severities " + severities + ")", ALERT_TIMEOUT,
				() -> firing(UNKNOWN).equals(unknown));
		assertThat(alerts(UNKNOWN)).allSatisfy((alert) -> {
			Map<String, String> annotations = GrafanaDashboard.cast(alert.get("annotations"));
			assertThat(annotations.get("runbook_url")).endsWith("docs/alerts.md#tomcatlatencyversionriskunknown");
		});
	}

	@Test
	void containerShareAlertStaysQuietWhileTheShareIsLow() throws Exception {
		// Enough traffic to be judged: quiet because of the share, not for want
		// of requests. The recording may lag the last scrape by an evaluation.
		String rates = "job_instance:tomcat_latency_requests:rate5m{job=\"" + PrometheusServer.JOB + "\"} >= 1";
		prometheus.await("every instance recorded at 1 request/s or more", ALERT_TIMEOUT,
				() -> byLabel("instance", rates).keySet().equals(requests.keySet()));
		// Then the alert is evaluated again, on that recording.
		Instant judged = Instant.now();
		prometheus.await(CONTAINER_SHARE + " evaluated after " + judged, ALERT_TIMEOUT,
				() -> Instant.parse((String) rule(CONTAINER_SHARE).get("lastEvaluation")).isAfter(judged));
		// /slow's 100 ms in the controller dwarf what Tomcat takes.
		Map<String, Double> shares = byLabel("instance",
				"job_instance:tomcat_latency_container_share:ratio_rate5m{job=\"" + PrometheusServer.JOB + "\"}");
		assertThat(shares).containsOnlyKeys(requests.keySet())
			.allSatisfy((instance, share) -> assertThat(share).isBetween(0.0, CONTAINER_SHARE_THRESHOLD));
		assertQuiet(CONTAINER_SHARE);
	}

	@Test
	void staleAdvisoryDataAlertFiresExactlyWhereTheDataIsOlderThanItsMaximumAge() throws Exception {
		Map<String, Double> over = byLabel("instance", "max by (instance) (tomcat_latency_advisories_age_days) "
				+ "- max by (instance) (tomcat_latency_advisories_max_age_days)");
		assertThat(over).containsOnlyKeys(requests.keySet());
		Set<String> stale = instancesWhere(over, (days) -> days > 0);
		if (stale.isEmpty()) {
			assertQuiet(STALE);
			return;
		}
		prometheus.await(STALE + " firing for " + stale, ALERT_TIMEOUT, () -> firing(STALE).equals(stale));
	}

	private void assertAnswers(String promql) throws Exception {
		List<Sample> result = prometheus.query(promql);
		for (Pattern family : OPTIONAL_METERS) {
			if (family.matcher(promql).find()
					&& prometheus.query("count({__name__=~\"" + family.pattern() + "\"})").isEmpty()) {
				// It ran without error; nothing to answer yet.
				return;
			}
		}
		assertThat(result).as("'%s' after traffic", promql)
			.anySatisfy((sample) -> assertThat(sample.value()).isFinite());
		// Per-instance panels show every instance; ALERTS only those an alert fires for.
		if (!promql.contains("ALERTS")
				&& result.stream().anyMatch((sample) -> sample.labels().containsKey("instance"))) {
			assertThat(result.stream().map((sample) -> sample.labels().get("instance")).collect(Collectors.toSet()))
				.as("instances '%s' answers for", promql)
				.isEqualTo(requests.keySet());
		}
	}

	private static void assertQuiet(String alertName) throws Exception {
		Map<String, Object> rule = rule(alertName);
		assertThat(rule.get("health")).as("health of %s: %s", alertName, rule.get("lastError")).isEqualTo("ok");
		assertThat(rule.get("state")).as("state of %s", alertName).isEqualTo("inactive");
		assertThat(prometheus.query("ALERTS{alertname=\"" + alertName + "\"}")).isEmpty();
	}

	private static void assertDominates(String uri, String dominant) throws Exception {
		Map<String, Double> sums = byLabel("phase",
				"sum by (phase) (tomcat_latency_request_seconds_sum{uri=\"" + uri + "\"})");
		double total = sums.values().stream().mapToDouble(Double::doubleValue).sum();
		assertThat(sums).containsOnlyKeys(PHASES);
		assertThat(sums.get(dominant)).as(dominant + " of " + sums).isGreaterThan(total / 2);
	}

	private static Map<String, Double> severities() throws Exception {
		return byLabel("instance", "tomcat_latency_advisories_severity{job=\"" + PrometheusServer.JOB + "\"}");
	}

	private static Set<String> instancesWhere(Map<String, Double> byInstance, DoublePredicate condition) {
		return byInstance.entrySet()
			.stream()
			.filter((entry) -> condition.test(entry.getValue()))
			.map(Map.Entry::getKey)
			.collect(Collectors.toSet());
	}

	private static List<String> labelValues(String variable) throws Exception {
		GrafanaDashboard.LabelValuesQuery query = dashboard.labelValuesQuery(dashboard.variable(variable));
		return prometheus.labelValues(query.label(), query.selector());
	}

	private static Map<String, Object> rule(String name) throws Exception {
		return prometheus.rules()
			.stream()
			.filter((rule) -> name.equals(rule.get("name")))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("No rule " + name + " loaded"));
	}

	private static List<Map<String, Object>> alerts(String name) throws Exception {
		return GrafanaDashboard.cast(rule(name).get("alerts"));
	}

	private static Set<String> firing(String name) throws Exception {
		return alerts(name).stream()
			.filter((alert) -> "firing".equals(alert.get("state")))
			.map((alert) -> ((Map<?, ?>) alert.get("labels")).get("instance").toString())
			.collect(Collectors.toSet());
	}

	private static double single(String promql) throws Exception {
		return prometheus.query(promql).stream().mapToDouble(Sample::value).reduce((a, b) -> {
			throw new IllegalStateException("'" + promql + "' answered more than one sample");
		}).orElseThrow(() -> new IllegalStateException("'" + promql + "' answered nothing"));
	}

	private static Map<String, Double> byLabel(String label, String promql) throws Exception {
		return byLabel(label, prometheus.query(promql));
	}

	private static Map<String, Double> byLabel(String label, String promql, long time) throws Exception {
		return byLabel(label, prometheus.query(promql, time));
	}

	private static Map<String, Double> byLabel(String label, List<Sample> samples) {
		return samples.stream().collect(Collectors.toMap((sample) -> sample.labels().get(label), Sample::value));
	}

	private static String instance(SampleJar sample) {
		return PrometheusServer.instance(sample.port());
	}

}
