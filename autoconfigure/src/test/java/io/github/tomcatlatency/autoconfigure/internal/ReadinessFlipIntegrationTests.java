package io.github.tomcatlatency.autoconfigure.internal;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.WarmupObservationFilter;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.PostConstruct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The starter's work at readiness happens once, on a real start with a real embedded
 * Tomcat over real HTTP: readiness that the application changes later (a readiness
 * indicator that refuses traffic during an outage, then accepts it again), or publishes
 * itself before Spring Boot's own, changes nothing of it.
 */
@ExtendWith(OutputCaptureExtension.class)
class ReadinessFlipIntegrationTests {

	// A line logged by one of the starter's loggers, as Spring Boot's console pattern
	// abbreviates their names.
	private static final Pattern STARTER_LOGGER = Pattern.compile("\\b(io|i)\\.(github|g)\\.(tomcatlatency|t)\\b");

	private static final List<String> REQUEST_METERS = List.of(PhaseTimers.METER_NAME, "http.server.requests",
			WarmupObservationFilter.METER_NAME);

	private final HttpClient client = HttpClient.newHttpClient();

	@Test
	void aReadinessFlipChangesNothingOfTheStatisticsTheClassLoadLogOrTheMeters(CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			int port = port(context);
			// The warm-up's requests after readiness have ended and their meters are
			// removed: what follows is the application's own traffic.
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			for (int i = 0; i < 5; i++) {
				assertThat(get(port, "/things/" + i).statusCode()).isEqualTo(200);
			}
			assertThat(get(port, "/hello").statusCode()).isEqualTo(200);
			await().untilAsserted(() -> assertThat(number(map(report(port), "phases"), "requests")).isEqualTo(6));
			Map<String, Object> before = report(port);
			Map<String, Object> cold = map(before, "coldRequests");
			assertThat(map(cold, "firstRequest")).containsEntry("route", "/things/{id}");
			// The class load log the probe ran for the first request.
			assertThat(map(map(cold, "firstRequest"), "cause")).containsKey("classesLoaded");
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			await().untilAsserted(
					() -> assertThat(requestMeters(registry)).containsEntry("http.server.requests /things/{id} 200", 5L)
						.containsEntry("http.server.requests /hello 200", 1L));
			Map<String, Long> meters = requestMeters(registry);
			assertThat(meters).containsEntry(PhaseTimers.METER_NAME + " /things/{id} mvc", 5L);
			int logged = output.getAll().length();
			for (int flip = 0; flip < 2; flip++) {
				AvailabilityChangeEvent.publish(context, ReadinessState.REFUSING_TRAFFIC);
				assertThat(readiness(context)).isEqualTo(ReadinessState.REFUSING_TRAFFIC);
				AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
				assertThat(readiness(context)).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
			}
			assertThat(requestMeters(registry)).isEqualTo(meters);
			Map<String, Object> after = report(port);
			assertThat(map(after, "coldRequests")).isEqualTo(cold);
			assertThat(map(after, "phases")).isEqualTo(map(before, "phases"));
			assertThat(output.getAll().substring(logged).lines())
				.noneMatch((line) -> line.contains(" INFO ") && STARTER_LOGGER.matcher(line).find());
		}
	}

	@Test
	void readinessTheApplicationPublishesBeforeSpringBootsOwnIsNotTheStarts() throws Exception {
		try (ConfigurableApplicationContext context = start("test.early-readiness=true")) {
			// The warm-up sent the application's route once the runners had run.
			assertThat(context.getBean(WarmupRunner.class).getResult()).satisfies((result) -> {
				assertThat(result.state()).isEqualTo(State.COMPLETED);
				assertThat(result.requests()).filteredOn((request) -> request.path().equals("/hello"))
					.extracting(RequestResult::outcome)
					.containsExactly(Outcome.WARMED);
			});
			// The runner's own request came before the application was ready: prepared,
			// not counted.
			assertThat(EarlyReadiness.runnerStatus).isEqualTo(200);
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(helloCount(registry)).isZero();
			assertThat(get(port(context), "/hello").statusCode()).isEqualTo(200);
			await().untilAsserted(() -> assertThat(helloCount(registry)).isOne());
			await().untilAsserted(() -> assertThat(number(map(report(port(context)), "phases"), "requests")).isOne());
		}
	}

	private static long helloCount(MeterRegistry registry) {
		return registry.find(PhaseTimers.METER_NAME)
			.tag("uri", "/hello")
			.tag("phase", "mvc")
			.timers()
			.stream()
			.mapToLong(Timer::count)
			.sum();
	}

	/**
	 * Return the request timers, the starter's and Spring Boot's, with their counts: the
	 * warm-up's own too while any is left. Not those of the endpoint's reads.
	 */
	private static Map<String, Long> requestMeters(MeterRegistry registry) {
		Map<String, Long> meters = new TreeMap<>();
		for (Meter meter : registry.getMeters()) {
			Meter.Id id = meter.getId();
			String uri = id.getTag("uri");
			if (meter instanceof Timer timer && REQUEST_METERS.contains(id.getName()) && uri != null
					&& !uri.startsWith("/actuator")) {
				String tag = (id.getTag("phase") != null) ? id.getTag("phase") : id.getTag("status");
				meters.put(id.getName() + " " + uri + " " + tag, timer.count());
			}
		}
		return meters;
	}

	private static ReadinessState readiness(ConfigurableApplicationContext context) {
		return context.getBean(ApplicationAvailability.class).getReadinessState();
	}

	private static ConfigurableApplicationContext start(String... properties) {
		// Jetty is on the test class path for back-off tests.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.jpa.open-in-view=false",
					"management.endpoints.web.exposure.include=tomcatlatency",
					"tomcat-latency.warmup.traffic-pause=100ms", "tomcat-latency.warmup.requests[0].path=/hello")
			.properties(properties)
			.run();
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	private Map<String, Object> report(int port) throws Exception {
		HttpResponse<String> response = get(port, "/actuator/tomcat-latency");
		assertThat(response.statusCode()).isEqualTo(200);
		return JsonParserFactory.getJsonParser().parseMap(response.body());
	}

	private HttpResponse<String> get(int port, String path) throws Exception {
		return this.client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private static long number(Map<String, Object> map, String key) {
		assertThat(map).containsKey(key);
		return ((Number) map.get(key)).longValue();
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Map<String, Object> map, String key) {
		assertThat(map).containsKey(key);
		return (Map<String, Object>) map.get(key);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ ThingsController.class, EarlyReadiness.class })
	static class TestApplication {

	}

	@RestController
	static class ThingsController {

		@GetMapping("/things/{id}")
		String thing(@PathVariable String id) {
			return "thing " + id;
		}

		@GetMapping("/hello")
		String hello() {
			return "hello";
		}

	}

	/**
	 * Readiness the application publishes itself before Spring Boot's: while the context
	 * refreshes, before the server starts, and from a runner, which then sends a request
	 * of its own.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("test.early-readiness")
	static class EarlyReadiness {

		static volatile int runnerStatus;

		private final ConfigurableApplicationContext context;

		EarlyReadiness(ConfigurableApplicationContext context) {
			this.context = context;
		}

		@PostConstruct
		void publishWhileRefreshing() {
			AvailabilityChangeEvent.publish(this.context, ReadinessState.ACCEPTING_TRAFFIC);
		}

		@Bean
		ApplicationRunner earlyReadiness(Environment environment) {
			return (arguments) -> {
				AvailabilityChangeEvent.publish(this.context, ReadinessState.ACCEPTING_TRAFFIC);
				int port = environment.getRequiredProperty("local.server.port", Integer.class);
				runnerStatus = HttpClient.newHttpClient()
					.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/hello")).build(),
							HttpResponse.BodyHandlers.discarding())
					.statusCode();
			};
		}

	}

}
