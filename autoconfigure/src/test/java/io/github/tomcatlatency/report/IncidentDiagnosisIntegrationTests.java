package io.github.tomcatlatency.report;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.WebResource;
import org.apache.catalina.WebResourceRoot;
import org.apache.catalina.webresources.EmptyResourceSet;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The original incident on Tomcat 11: a static resource lookup during request mapping
 * (bug 62968, brought back with {@code mapperDirectoryRedirectEnabled}) against a slow
 * resource set, revalidated on every request because the cache entry has expired. The
 * endpoint must put the time in the container phase, not in MVC, and name the cause and
 * its remedy.
 */
@SpringBootTest(classes = IncidentDiagnosisIntegrationTests.IncidentApplication.class,
		webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
				"management.endpoints.web.exposure.include=tomcatlatency", "server.tomcat.resource.cache-ttl=0ms" })
class IncidentDiagnosisIntegrationTests {

	static final long LOOKUP_MILLIS = 150;

	@LocalServerPort
	private int port;

	private final HttpClient client = HttpClient.newHttpClient();

	@Test
	void containerPhaseCarriesTheResourceLookupAndTheRiskNamesTheRemedy() throws Exception {
		Map<String, Object> report = reportAfterOrders();
		System.out.println("INCIDENT-JSON " + get("/actuator/tomcat-latency").body());
		Map<String, Object> orders = route(report, "/orders/{id}");
		Map<String, Object> phases = TomcatLatencyEndpointIntegrationTests.map(orders, "phases");
		double containerMean = meanMs(phases, "container");
		assertThat(containerMean).isGreaterThanOrEqualTo(LOOKUP_MILLIS * 0.875);
		assertThat(meanMs(phases, "mvc")).isLessThan(containerMean);
		assertThat(((Number) orders.get("containerShare")).doubleValue()).isGreaterThan(0.5);
		List<Map<String, Object>> risks = TomcatLatencyEndpointIntegrationTests
			.list(TomcatLatencyEndpointIntegrationTests.map(report, "tomcat"), "configurationRisks");
		assertThat(risks).anySatisfy((risk) -> {
			assertThat(risk).containsEntry("id", "mapper-directory-redirect").containsEntry("severity", "HIGH");
			assertThat(risk.get("remedy")).asString().contains("setMapperDirectoryRedirectEnabled");
		});
	}

	@Test
	void containerPartsPutTheLookupInTheConnectorAndNameTheResourceSet() throws Exception {
		Map<String, Object> report = reportAfterOrders();
		Map<String, Object> phases = TomcatLatencyEndpointIntegrationTests.map(route(report, "/orders/{id}"), "phases");
		Map<String, Object> means = TomcatLatencyEndpointIntegrationTests.map(phases, "containerParts");
		assertThat(means).containsEntry("largest", "connector");
		assertThat(((Number) means.get("connectorMs")).doubleValue())
			.isGreaterThanOrEqualTo(meanMs(phases, "container") * 0.8);
		Map<String, Object> first = TomcatLatencyEndpointIntegrationTests
			.list(TomcatLatencyEndpointIntegrationTests.map(report, "coldRequests"), "worstRoutes")
			.stream()
			.filter((candidate) -> "/orders/{id}".equals(candidate.get("route")))
			.map((candidate) -> TomcatLatencyEndpointIntegrationTests.map(candidate, "first"))
			.findFirst()
			.orElseThrow();
		Map<String, Object> parts = TomcatLatencyEndpointIntegrationTests.map(first, "containerParts");
		assertThat(parts).containsEntry("largest", "connector").containsEntry("resourceSet", "SlowResourceSet");
		assertThat(((Number) parts.get("resourceLookups")).longValue()).isPositive();
		assertThat(((Number) parts.get("resourceLookupMs")).doubleValue()).isGreaterThanOrEqualTo(LOOKUP_MILLIS);
		// The risk the starter infers says what was measured for it.
		assertThat(((Number) means.get("resourceLookups")).doubleValue()).isPositive();
		List<Map<String, Object>> risks = TomcatLatencyEndpointIntegrationTests
			.list(TomcatLatencyEndpointIntegrationTests.map(report, "tomcat"), "configurationRisks");
		assertThat(risks).anySatisfy((risk) -> {
			assertThat(risk).containsEntry("id", "mapper-directory-redirect");
			assertThat(risk.get("measured")).asString()
				.startsWith("Since readiness, ")
				.contains("ms in the connector")
				.contains("resource set lookups");
		});
	}

	private Map<String, Object> reportAfterOrders() throws Exception {
		for (int i = 0; i < 4; i++) {
			assertThat(get("/orders/" + i).statusCode()).isEqualTo(200);
		}
		await().untilAsserted(() -> assertThat(route(report(), "/orders/{id}")).isNotNull());
		return report();
	}

	private double meanMs(Map<String, Object> phases, String phase) {
		return ((Number) TomcatLatencyEndpointIntegrationTests.map(phases, phase).get("meanMs")).doubleValue();
	}

	private Map<String, Object> route(Map<String, Object> report, String route) {
		return TomcatLatencyEndpointIntegrationTests
			.list(TomcatLatencyEndpointIntegrationTests.map(report, "phases"), "topRoutes")
			.stream()
			.filter((candidate) -> route.equals(candidate.get("route")))
			.findFirst()
			.orElse(null);
	}

	private Map<String, Object> report() throws Exception {
		HttpResponse<String> response = get("/actuator/tomcat-latency");
		assertThat(response.statusCode()).isEqualTo(200);
		return JsonParserFactory.getJsonParser().parseMap(response.body());
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(OrderController.class)
	static class IncidentApplication {

		@Bean
		EmbeddedTomcatSetup incident() {
			return new EmbeddedTomcatSetup() {

				@Override
				public void customize(Context context) {
					context.setMapperDirectoryRedirectEnabled(true);
					context.addLifecycleListener((event) -> {
						if (Lifecycle.CONFIGURE_START_EVENT.equals(event.getType())) {
							context.getResources().addPreResources(new SlowResourceSet(context.getResources()));
						}
					});
				}

			};
		}

	}

	/**
	 * A resource set as slow as re-reading a large nested jar.
	 */
	static class SlowResourceSet extends EmptyResourceSet {

		SlowResourceSet(WebResourceRoot root) {
			super(root);
		}

		@Override
		public WebResource getResource(String path) {
			if (path.startsWith("/orders")) {
				try {
					TimeUnit.MILLISECONDS.sleep(LOOKUP_MILLIS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			return super.getResource(path);
		}

	}

	@RestController
	static class OrderController {

		@GetMapping("/orders/{id}")
		String order(@PathVariable String id) {
			return id;
		}

	}

}
