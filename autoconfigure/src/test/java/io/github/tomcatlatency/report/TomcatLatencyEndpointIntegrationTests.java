package io.github.tomcatlatency.report;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcat;
import io.github.tomcatlatency.autoconfigure.report.TomcatLatencyEndpoint;
import io.github.tomcatlatency.statistics.RequestStatistics;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.catalina.util.ServerInfo;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Integration tests for {@link TomcatLatencyEndpoint} on a real embedded Tomcat over real
 * HTTP.
 */
class TomcatLatencyEndpointIntegrationTests {

	private static final String ENDPOINT = "/actuator/tomcat-latency";

	static long number(Map<String, Object> map, String key) {
		assertThat(map).containsKey(key);
		return ((Number) map.get(key)).longValue();
	}

	@SuppressWarnings("unchecked")
	static Map<String, Object> map(Map<String, Object> map, String key) {
		assertThat(map).containsKey(key);
		return (Map<String, Object>) map.get(key);
	}

	@SuppressWarnings("unchecked")
	static List<Map<String, Object>> list(Map<String, Object> map, String key) {
		assertThat(map).containsKey(key);
		return (List<Map<String, Object>>) map.get(key);
	}

	private static String runningTomcat() {
		String serverInfo = ServerInfo.getServerInfo();
		return serverInfo.substring(serverInfo.indexOf('/') + 1);
	}

	@Nested
	@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
	class NotExposed extends Http {

		@Autowired
		private ApplicationContext context;

		@Test
		void endpointIsNotReachableAndKeepsNoStatistics() throws Exception {
			assertThat(get(ENDPOINT).statusCode()).isEqualTo(404);
			assertThat(this.context.getBeanNamesForType(RequestStatistics.class)).isEmpty();
		}

		@Test
		void severityGaugeIsPublishedAnywayForTheRunningTomcatAsConfigured(@Autowired MeterRegistry registry,
				@Autowired TomcatAdvisories advisories, @Autowired EmbeddedTomcat tomcat) {
			// Computed when the server had started: from the components it uses, not from
			// its version alone.
			assertThat(tomcat.get()).isNotNull();
			int running = advisories.severityGauge(new TomcatComponents(tomcat.get()).usage());
			assertThat(registry.get(TomcatAdvisoryMeterBinder.METER_NAME).gauge().value()).isEqualTo(running);
		}

	}

	@Nested
	@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = "management.endpoints.web.exposure.include=tomcatlatency")
	class Exposed extends Http {

		@Test
		void reportHasEveryDocumentedField() throws Exception {
			assertThat(post(ENDPOINT).statusCode()).isEqualTo(204);
			for (int i = 0; i < 5; i++) {
				assertThat(get("/things/" + i).statusCode()).isEqualTo(200);
			}
			await().untilAsserted(() -> assertThat(number(phases(report()), "requests")).isEqualTo(5));
			Map<String, Object> report = report();
			assertThat(report).containsOnlyKeys("coldRequests", "phases", "cache", "warmup", "jvmCache", "springAot",
					"tomcat");
			// Started from the configuration classes: the test runs no AOT-generated
			// code.
			assertThat(report).containsEntry("springAot", false);
			Map<String, Object> cold = map(report, "coldRequests");
			assertThat(cold).containsKeys("since", "firstRequest", "worstRoutes", "spikes");
			Map<String, Object> first = map(cold, "firstRequest");
			assertThat(first).containsOnlyKeys("route", "method", "requests", "first", "warmMedianMs", "penaltyMs",
					"ratio", "cause");
			assertThat(first.get("route")).isEqualTo("/things/{id}");
			// Measured: the probe is armed from readiness. The remedy is there only when
			// the request was cold.
			assertThat(map(first, "cause").keySet()).contains("classesLoaded", "warmup")
				.isSubsetOf("classesLoaded", "cpuMs", "loadedPackages", "warmup", "remedy");
			assertThat(map(first, "first")).containsOnlyKeys("at", "totalMs", "containerMs", "filtersMs", "mvcMs",
					"containerParts");
			// No resource lookup: the route is Spring MVC's, its resources are the
			// classpath's. Which part is the largest on one request is the machine's
			// timing: the valve is named, or why not, only when it is a valve part.
			Map<String, Object> parts = map(map(first, "first"), "containerParts");
			List<String> always = List.of("connectorMs", "valvesInMs", "valvesOutMs", "responseMs", "largest",
					"resourceLookups", "resourceLookupMs");
			if (List.of("valves-in", "valves-out").contains(parts.get("largest"))) {
				assertThat(parts).containsKeys(always.toArray(String[]::new));
				assertThat(parts.keySet()).hasSizeGreaterThan(always.size());
				List<String> valveKeys = List.of("valve", "valveMs", "valveUnknown");
				assertThat(parts.keySet()).allMatch((key) -> always.contains(key) || valveKeys.contains(key));
			}
			else {
				assertThat(parts).containsOnlyKeys(always.toArray(String[]::new));
			}
			assertThat(list(cold, "worstRoutes")).singleElement()
				.satisfies((route) -> assertThat(route).containsEntry("route", "/things/{id}"));
			assertThat(map(cold, "spikes")).containsOnlyKeys("count", "factor", "idleMs", "routes");
			Map<String, Object> phases = phases(report);
			assertThat(phases).containsOnlyKeys("requests", "containerShare", "application", "topRoutes", "storage");
			assertThat(map(phases, "storage")).containsEntry("routes", 1)
				.containsEntry("otherRoutes", 0)
				.containsEntry("maxMemoryBytes", 2 * 1024 * 1024)
				.containsKeys("otherRequests", "memoryBytes");
			Map<String, Object> application = map(phases, "application");
			assertThat(application).containsOnlyKeys("container", "filters", "mvc", "total", "containerParts");
			for (String phase : List.of("container", "filters", "mvc", "total")) {
				assertThat(map(application, phase)).containsOnlyKeys("meanMs", "p50Ms", "p99Ms");
			}
			assertThat(number(map(application, "containerParts"), "requests")).isEqualTo(5);
			assertThat(list(phases, "topRoutes")).singleElement()
				.satisfies((route) -> assertThat(route)
					.containsOnlyKeys("route", "method", "requests", "containerShare", "phases")
					.satisfies((routePhases) -> assertThat(number(routePhases, "requests")).isEqualTo(5)));
			Map<String, Object> cache = map(report, "cache");
			assertThat(map(cache, "settings")).containsOnlyKeys("cachingAllowed", "ttlMs", "maxSizeBytes",
					"objectMaxSizeBytes", "pinning", "pinMaxSizeBytes", "missingMaxSizeBytes");
			assertThat(map(cache, "statistics")).containsOnlyKeys("lookups", "hits", "sizeBytes", "pinnedEntries",
					"pinnedBytes", "pinnedHits", "missingEntries", "missingBytes", "missingHits");
			Map<String, Object> warmup = map(report, "warmup");
			assertThat(warmup).containsKeys("state", "startedAt", "endedAt", "durationMs", "requests");
			assertThat(warmup.get("state")).isEqualTo("COMPLETED");
			assertThat(list(warmup, "requests")).isNotEmpty()
				.allSatisfy((request) -> assertThat(request).containsKeys("origin", "method", "path", "status",
						"latencyMs"));
			// The test JVM runs without a cache of the application's classes: no kind,
			// file or use to report.
			Map<String, Object> jvmCache = map(report, "jvmCache");
			assertThat(jvmCache).containsOnlyKeys("trainedByStarter", "sharedClasses", "loadedClasses", "javaVersion")
				.containsEntry("trainedByStarter", false);
			assertThat(number(jvmCache, "javaVersion")).isEqualTo(Runtime.version().feature());
			assertThat(number(jvmCache, "sharedClasses")).isNotNegative()
				.isLessThanOrEqualTo(number(jvmCache, "loadedClasses"));
			Map<String, Object> tomcat = map(report, "tomcat");
			assertThat(tomcat).containsKeys("version", "branch", "status", "latestKnownRelease", "releasesBehind",
					"advisoryData", "highestSeverity", "advisories", "remedy", "configurationRisks");
			assertThat(tomcat.get("version")).isEqualTo(runningTomcat());
			// The data knows every release of the line this Spring Boot manages.
			assertThat(tomcat.get("status")).isIn("CURRENT", "BEHIND");
			assertThat(map(tomcat, "advisoryData"))
				.containsOnlyKeys("source", "dataDate", "ageDays", "maxAgeDays", "stale", "osvAdvisories", "warnings")
				.containsEntry("source", "ARTIFACT");
			assertThat(map(tomcat, "remedy")).containsOnlyKeys("version", "maven", "gradle", "springBootReleases",
					"springBoot", "fixUnconfirmed", "fixUnknown");
			// A field without a value (fixedIn or lastAffected) is left out
			assertThat(list(tomcat, "advisories")).allSatisfy((advisory) -> assertThat(advisory.keySet())
				.contains("id", "kind", "rating", "title", "applies", "components", "source", "osv", "aliases")
				.isSubsetOf("id", "kind", "rating", "title", "applies", "components", "fixedIn", "lastAffected",
						"source", "osv", "aliases"));
		}

		@Test
		@EnabledOnOs(OS.LINUX)
		void firstRequestNamesThePackagesOfTheClassesItLoaded() throws Exception {
			assertThat(post(ENDPOINT).statusCode()).isEqualTo(204);
			assertThat(get("/labels/first").body()).isEqualTo("FIRST");
			await().untilAsserted(() -> assertThat(number(phases(report()), "requests")).isEqualTo(1));
			Map<String, Object> first = map(map(report(), "coldRequests"), "firstRequest");
			assertThat(first.get("route")).isEqualTo("/labels/{name}");
			// The handler's first call loaded a class of the application's package: told
			// apart from the libraries', on the thread that served the request.
			assertThat(list(map(first, "cause"), "loadedPackages"))
				.filteredOn((group) -> Boolean.TRUE.equals(group.get("application")))
				.singleElement()
				.satisfies((group) -> {
					assertThat(group).containsEntry("name", TestApplication.class.getPackageName());
					assertThat(number(group, "classes")).isPositive();
				});
		}

		@Test
		void reportDisclosesNoPathsOrStackTraces() throws Exception {
			String body = get(ENDPOINT).body();
			assertThat(body).doesNotContain(System.getProperty("java.io.tmpdir"), System.getProperty("user.dir"),
					"Exception", "\tat ");
		}

		@Test
		void resetForgetsTheStatistics() throws Exception {
			get("/things/reset");
			await().untilAsserted(() -> assertThat(number(phases(report()), "requests")).isPositive());
			assertThat(post(ENDPOINT).statusCode()).isEqualTo(204);
			assertThat(number(phases(report()), "requests")).isZero();
		}

		@Test
		void concurrentReportsDuringTrafficAllSucceed() throws Exception {
			ExecutorService executor = Executors.newFixedThreadPool(8);
			try {
				List<Future<Integer>> statuses = new ArrayList<>();
				for (int i = 0; i < 200; i++) {
					String path = (i % 4 == 0) ? ENDPOINT : "/things/" + i;
					statuses.add(executor.submit(() -> get(path).statusCode()));
				}
				for (Future<Integer> status : statuses) {
					assertThat(status.get()).isEqualTo(200);
				}
			}
			finally {
				executor.shutdownNow();
			}
		}

	}

	@Nested
	@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
			"management.endpoints.web.exposure.include=tomcatlatency", "tomcat-latency.advisories.enabled=false" })
	class AdvisoriesOff extends Http {

		@Test
		void reportHasTheVersionAndConfigurationRisksButNoVerdictAndNoGauge(@Autowired MeterRegistry registry)
				throws Exception {
			Map<String, Object> tomcat = map(report(), "tomcat");
			assertThat(tomcat).containsOnlyKeys("version", "branch", "configurationRisks");
			assertThat(tomcat.get("version")).isEqualTo(runningTomcat());
			// Warm-up is on and the caches have room: the one risk is the test JVM's want
			// of a cache of the application's classes.
			assertThat(list(tomcat, "configurationRisks")).singleElement().satisfies((risk) -> {
				assertThat(risk).containsEntry("id", "no-jvm-cache").containsEntry("severity", "LOW");
				assertThat(risk.get("finding")).asString()
					.startsWith("This JVM (Java " + Runtime.version().feature() + ") runs without a");
				assertThat(risk.get("remedy")).asString().contains("train goal");
			});
			assertThat(registry.find(TomcatAdvisoryMeterBinder.METER_NAME).gauge()).isNull();
			assertThat(registry.find(TomcatAdvisoryMeterBinder.AGE_METER_NAME).gauge()).isNull();
		}

	}

	@Nested
	@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = { "management.endpoints.web.exposure.include=tomcatlatency",
					"management.endpoint.tomcatlatency.access=read-only" })
	class ReadOnly extends Http {

		@Test
		void resetIsNotAllowed() throws Exception {
			assertThat(get(ENDPOINT).statusCode()).isEqualTo(200);
			assertThat(post(ENDPOINT).statusCode()).isIn(404, 405);
		}

	}

	@Nested
	@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = { "management.endpoints.web.exposure.include=tomcatlatency",
					"tomcat-latency.report.max-memory=1KB" })
	@ExtendWith(OutputCaptureExtension.class)
	class Capped extends Http {

		@Test
		void requestsOfRoutesBeyondTheCapAreCountedNotStoredAndLoggedOnce(CapturedOutput output) throws Exception {
			assertThat(post(ENDPOINT).statusCode()).isEqualTo(204);
			for (int i = 0; i < 3; i++) {
				assertThat(get("/things/" + i).statusCode()).isEqualTo(200);
			}
			await().untilAsserted(
					() -> assertThat(number(map(phases(report()), "storage"), "otherRequests")).isEqualTo(3));
			Map<String, Object> phases = phases(report());
			assertThat(number(phases, "requests")).isZero();
			assertThat(map(phases, "storage")).containsEntry("routes", 0)
				.containsEntry("otherRoutes", 1)
				.containsEntry("maxMemoryBytes", 1024);
			assertThat(output.getOut().lines().filter((line) -> line.contains("tomcat-latency.report.max-memory")))
				.singleElement()
				.asString()
				.contains("INFO", "GET /things/{id}");
		}

	}

	abstract static class Http {

		private final HttpClient client = HttpClient.newHttpClient();

		@LocalServerPort
		private int port;

		HttpResponse<String> get(String path) throws IOException, InterruptedException {
			return send(HttpRequest.newBuilder(uri(path)).build());
		}

		HttpResponse<String> post(String path) throws IOException, InterruptedException {
			return send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()).build());
		}

		Map<String, Object> report() throws IOException, InterruptedException {
			HttpResponse<String> response = get(ENDPOINT);
			assertThat(response.statusCode()).isEqualTo(200);
			return JsonParserFactory.getJsonParser().parseMap(response.body());
		}

		Map<String, Object> phases(Map<String, Object> report) {
			return map(report, "phases");
		}

		private URI uri(String path) {
			return URI.create("http://localhost:" + this.port + path);
		}

		private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
			return this.client.send(request, HttpResponse.BodyHandlers.ofString());
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(ThingController.class)
	static class TestApplication {

	}

	@RestController
	static class ThingController {

		@GetMapping("/things/{id}")
		String thing(@PathVariable String id) {
			return id;
		}

		@GetMapping("/labels/{name}")
		String label(@PathVariable String name) {
			// The JVM defines the lambda's class the first time this line runs: a class
			// of the application's package, loaded by this route's first request only.
			Supplier<String> label = () -> name.toUpperCase(Locale.ROOT);
			return label.get();
		}

	}

}
