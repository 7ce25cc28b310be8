package io.github.tomcatlatency.autoconfigure.warmup;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.WarmupObservationFilter;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A warm-up request that the server completes after the warm-up has read its response,
 * and after the application's first requests, on a real embedded Tomcat over real HTTP:
 * its observation is still recorded under the warm-up's name and removed, never counted
 * in {@code http.server.requests}, whether the route answers on the server's thread or
 * asynchronously.
 */
class LateWarmupObservationIntegrationTests {

	private final HttpClient client = HttpClient.newHttpClient();

	@ParameterizedTest
	@ValueSource(strings = { "/late", "/late-streaming" })
	void aWarmupRequestTheServerCompletesLateIsNeverCounted(String path) throws Exception {
		LateController.reset();
		try (ConfigurableApplicationContext context = start(path)) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).singleElement()
				.extracting(RequestResult::path, RequestResult::outcome)
				.containsExactly(path, Outcome.WARMED);
			// The warm-up has read the whole answer and ended; the server is still on it.
			assertThat(LateController.held.getCount()).isOne();
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			HttpResponse<String> first = this.client.send(
					HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(context) + "/hello")).build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(first.body()).isEqualTo("hello");
			await().untilAsserted(() -> assertThat(TestApplication.added).containsKey("/hello"));
			assertThat(TestApplication.added).containsEntry("/hello", "http.server.requests");
			LateController.release.countDown();
			await().untilAsserted(() -> assertThat(TestApplication.added).containsKey(path));
			assertThat(TestApplication.added).containsEntry(path, WarmupObservationFilter.METER_NAME);
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			assertThat(registry.find(WarmupObservationFilter.METER_NAME).meters()).isEmpty();
			assertThat(registry.find("http.server.requests").tag("uri", path).meters()).isEmpty();
		}
	}

	private static ConfigurableApplicationContext start(String path) {
		// Jetty is on the test class path for back-off tests. Only the route asked for:
		// nothing else keeps the warm-up, or the server, busy.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.jpa.open-in-view=false",
					"tomcat-latency.warmup.framework-requests=false", "tomcat-latency.warmup.requests[0].path=" + path)
			.run();
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(LateController.class)
	static class TestApplication {

		// The name each route's request meter was first added under.
		static final Map<String, String> added = new ConcurrentHashMap<>();

		@Bean
		BootLine.MeterRegistryCustomizer addedMeters() {
			return (registry) -> registry.config().onMeterAdded((meter) -> {
				String uri = meter.getId().getTag("uri");
				String name = meter.getId().getName();
				if (uri != null && List.of("http.server.requests", WarmupObservationFilter.METER_NAME).contains(name)) {
					added.putIfAbsent(uri, name);
				}
			});
		}

	}

	@RestController
	static class LateController {

		private static final byte[] BODY = "late".getBytes(StandardCharsets.US_ASCII);

		static volatile CountDownLatch held = new CountDownLatch(1);

		static volatile CountDownLatch release = new CountDownLatch(1);

		static void reset() {
			held = new CountDownLatch(1);
			release = new CountDownLatch(1);
			TestApplication.added.clear();
		}

		@GetMapping("/hello")
		String hello() {
			return "hello";
		}

		@GetMapping("/late")
		void late(HttpServletResponse response) throws IOException {
			// The whole answer reaches the client, then the server holds on to it.
			response.setContentLength(BODY.length);
			response.getOutputStream().write(BODY);
			response.flushBuffer();
			hold();
		}

		@GetMapping("/late-streaming")
		ResponseEntity<StreamingResponseBody> lateStreaming() {
			return ResponseEntity.ok().contentLength(BODY.length).body((output) -> {
				output.write(BODY);
				output.flush();
				hold();
			});
		}

		private static void hold() {
			try {
				release.await(60, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				held.countDown();
			}
		}

	}

}
