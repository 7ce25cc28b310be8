package io.github.tomcatlatency.report;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.tomcatlatency.warmup.internal.task.security.HttpBasicSecurity;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A route whose warm-up request the application's security refused stays cold, and the
 * report says so with the remedy: the header the warm-up request needs. A real embedded
 * Tomcat behind Spring Security with HTTP Basic, over real HTTP.
 */
class ColdCauseSecurityIntegrationTests {

	private static final String CREDENTIALS = "Basic dXNlcjpzZWNyZXQ=";

	private final HttpClient client = HttpClient.newHttpClient();

	@Test
	@SuppressWarnings("unchecked")
	void refusedWarmupIsTheCauseAndTheAuthorizationHeaderTheRemedy() throws Exception {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.jpa.open-in-view=false",
					"management.endpoints.web.exposure.include=tomcatlatency",
					"tomcat-latency.warmup.requests[0].path=/hello")
			.run()) {
			int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
			// The warm-up holds readiness back; requests before it are not counted.
			await().until(() -> context.getBean(ApplicationAvailability.class)
				.getReadinessState() == ReadinessState.ACCEPTING_TRAFFIC);
			for (int i = 0; i < 9; i++) {
				assertThat(get(port, "/hello").statusCode()).isEqualTo(200);
			}
			await().untilAsserted(() -> assertThat(hello(report(port))).isNotNull());
			Map<String, Object> cause = (Map<String, Object>) hello(report(port)).get("cause");
			assertThat(cause).containsEntry("warmup", "REFUSED");
			assertThat((String) cause.get("remedy")).startsWith("headers.Authorization")
				.contains("GET /hello")
				.contains("401 or 403");
			assertThat(((Number) cause.get("classesLoaded")).longValue()).isNotNegative();
			assertThat(((Number) cause.get("cpuMs")).doubleValue()).isPositive();
		}
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> hello(Map<String, Object> report) {
		List<Map<String, Object>> worst = (List<Map<String, Object>>) ((Map<String, Object>) report.get("coldRequests"))
			.get("worstRoutes");
		return worst.stream().filter((route) -> "/hello".equals(route.get("route"))).findFirst().orElse(null);
	}

	private Map<String, Object> report(int port) throws Exception {
		HttpResponse<String> response = get(port, "/actuator/tomcat-latency");
		assertThat(response.statusCode()).isEqualTo(200);
		return JsonParserFactory.getJsonParser().parseMap(response.body());
	}

	private HttpResponse<String> get(int port, String path) throws Exception {
		return this.client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
			.header("Authorization", CREDENTIALS)
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ HelloController.class, HttpBasicSecurity.class })
	static class TestApplication {

	}

	@RestController
	static class HelloController {

		private final AtomicBoolean cold = new AtomicBoolean(true);

		@GetMapping("/hello")
		String hello() throws InterruptedException {
			if (this.cold.getAndSet(false)) {
				// What the warm-up would have paid: the first call to the route is slow,
				// by
				// far more than the others take on a loaded machine, so that it counts as
				// cold.
				Thread.sleep(1500);
			}
			return "hello";
		}

	}

}
