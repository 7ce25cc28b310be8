package io.github.tomcatlatency.report;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report read again and again while many threads send requests to 50 routes and to
 * both methods of one route, on a real embedded Tomcat over real HTTP: the statistics
 * change while the report sorts them, which must not fail it.
 */
@SpringBootTest(classes = ReportUnderLoadIntegrationTests.TestApplication.class,
		webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
				"management.endpoints.web.exposure.include=tomcatlatency", "tomcat-latency.report.top-routes=100" })
class ReportUnderLoadIntegrationTests {

	private static final String ENDPOINT = "/actuator/tomcat-latency";

	private static final int SENDERS = 12;

	private static final int REQUESTS_PER_SENDER = 600;

	private final HttpClient client = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Test
	void everyReadUnderLoadAnswers200AndKeepsTheMethodsOfOneRouteApart() throws Exception {
		ExecutorService executor = Executors.newFixedThreadPool(SENDERS + 1);
		AtomicBoolean sending = new AtomicBoolean(true);
		try {
			List<Future<?>> senders = new ArrayList<>();
			for (int i = 0; i < SENDERS; i++) {
				senders.add(executor.submit(() -> {
					for (int j = 0; j < REQUESTS_PER_SENDER; j++) {
						int route = ThreadLocalRandom.current().nextInt(52);
						int status = (route < 50) ? status(get(String.format("/r%02d", route)))
								: status((route == 50) ? get("/both") : post("/both"));
						assertThat(status).isEqualTo(200);
					}
					return null;
				}));
			}
			Future<Integer> reader = executor.submit(() -> {
				int reads = 0;
				while (sending.get()) {
					assertThat(status(get(ENDPOINT))).isEqualTo(200);
					reads++;
				}
				return reads;
			});
			for (Future<?> sender : senders) {
				sender.get();
			}
			sending.set(false);
			assertThat(reader.get()).isPositive();
		}
		finally {
			executor.shutdownNow();
		}
		HttpResponse<String> response = get(ENDPOINT);
		assertThat(response.statusCode()).isEqualTo(200);
		Map<String, Object> report = JsonParserFactory.getJsonParser().parseMap(response.body());
		Map<String, Object> phases = TomcatLatencyEndpointIntegrationTests.map(report, "phases");
		assertThat(TomcatLatencyEndpointIntegrationTests.number(phases, "requests"))
			.isEqualTo(SENDERS * REQUESTS_PER_SENDER);
		List<Map<String, Object>> both = TomcatLatencyEndpointIntegrationTests.list(phases, "topRoutes")
			.stream()
			.filter((route) -> "/both".equals(route.get("route")))
			.toList();
		assertThat(both).extracting((route) -> route.get("method")).containsExactlyInAnyOrder("GET", "POST");
		List<Map<String, Object>> worst = TomcatLatencyEndpointIntegrationTests
			.list(TomcatLatencyEndpointIntegrationTests.map(report, "coldRequests"), "worstRoutes");
		assertThat(worst).filteredOn((route) -> "/both".equals(route.get("route")))
			.extracting((route) -> route.get("method"))
			.containsExactlyInAnyOrder("GET", "POST");
		assertThat(TomcatLatencyEndpointIntegrationTests.list(phases, "topRoutes")).hasSize(52);
	}

	private static int status(HttpResponse<String> response) {
		return response.statusCode();
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.client.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> post(String path) throws Exception {
		return this.client.send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(RoutesController.class)
	static class TestApplication {

	}

	@RestController
	static class RoutesController {

		@GetMapping({ "/r00", "/r01", "/r02", "/r03", "/r04", "/r05", "/r06", "/r07", "/r08", "/r09", "/r10", "/r11",
				"/r12", "/r13", "/r14", "/r15", "/r16", "/r17", "/r18", "/r19", "/r20", "/r21", "/r22", "/r23", "/r24",
				"/r25", "/r26", "/r27", "/r28", "/r29", "/r30", "/r31", "/r32", "/r33", "/r34", "/r35", "/r36", "/r37",
				"/r38", "/r39", "/r40", "/r41", "/r42", "/r43", "/r44", "/r45", "/r46", "/r47", "/r48", "/r49" })
		String route() {
			return "route";
		}

		@GetMapping("/both")
		String get() {
			return "get";
		}

		@PostMapping("/both")
		String post() {
			return "post";
		}

	}

}
