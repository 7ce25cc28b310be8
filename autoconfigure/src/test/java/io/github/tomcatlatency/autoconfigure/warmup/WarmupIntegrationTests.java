package io.github.tomcatlatency.autoconfigure.warmup;

import java.io.IOException;
import java.net.Authenticator;
import java.net.InetAddress;
import java.net.PasswordAuthentication;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.warmup.WarmupHandlerMapping;
import io.github.tomcatlatency.warmup.WarmupObservationFilter;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.WarmupRunner;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.micrometer.metrics.autoconfigure.MeterRegistryCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * Integration tests for the warm-up on a real embedded Tomcat over real HTTP.
 */
@ExtendWith(OutputCaptureExtension.class)
class WarmupIntegrationTests {

	private final HttpClient client = HttpClient.newHttpClient();

	@Test
	void readinessRefusesTrafficWhileWarmupRuns() throws Exception {
		HeldController.reset();
		CompletableFuture<ConfigurableApplicationContext> starting = CompletableFuture
			.supplyAsync(() -> start("tomcat-latency.warmup.requests[0].path=/held",
					"management.endpoint.health.probes.enabled=true"));
		try {
			assertThat(HeldController.entered.await(60, TimeUnit.SECONDS)).isTrue();
			assertThat(HeldController.availability.getReadinessState()).isEqualTo(ReadinessState.REFUSING_TRAFFIC);
			assertThat(get(HeldController.port, "/actuator/health/readiness").statusCode()).isEqualTo(503);
		}
		finally {
			HeldController.release.countDown();
		}
		try (ConfigurableApplicationContext context = starting.get(60, TimeUnit.SECONDS)) {
			assertThat(context.getBean(ApplicationAvailability.class).getReadinessState())
				.isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
			assertThat(get(port(context), "/actuator/health/readiness").statusCode()).isEqualTo(200);
		}
	}

	@Test
	void warmupRequestsAreLeftOutOfTheMetrics() throws Exception {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.requests[0].path=/warmed",
				"tomcat-latency.warmup.requests[0].repetitions=3")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.COMPLETED);
			assertThat(result.requests()).extracting(RequestResult::method, RequestResult::path, RequestResult::status)
				.containsExactlyElementsOf(builtInAnd(tuple("GET", "/warmed", 200), tuple("GET", "/warmed", 200),
						tuple("GET", "/warmed", 200)));
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(requestCounts(registry, "/warmed")).containsExactly(0L, 0L);
			// Prepared so that the first real request does not pay for their
			// registration.
			assertThat(registry.find(PhaseTimers.METER_NAME).tag("uri", "/warmed").timers()).hasSize(3);
			assertThat(requestCounts(registry, "NOT_FOUND")).containsExactly(0L, 0L);
			// Recorded under a name of their own, to run the recording path, then
			// removed.
			assertThat(TestApplication.addedMeters).contains(WarmupObservationFilter.METER_NAME);
			assertThat(get(port(context), "/warmed").statusCode()).isEqualTo(200);
			await().untilAsserted(() -> assertThat(requestCounts(registry, "/warmed")).containsExactly(1L, 1L));
			assertThat(registry.find(WarmupObservationFilter.METER_NAME).meters()).isEmpty();
		}
	}

	@Test
	void warmsUpBelowTheContextPathWithABody() throws Exception {
		try (ConfigurableApplicationContext context = start("server.servlet.context-path=/app",
				"server.address=127.0.0.1", "tomcat-latency.warmup.requests[0].method=POST",
				"tomcat-latency.warmup.requests[0].path=/echo",
				"tomcat-latency.warmup.requests[0].headers.Content-Type=text/plain",
				"tomcat-latency.warmup.requests[0].body=hello")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests())
				.extracting(RequestResult::method, RequestResult::path, RequestResult::status)
				.containsExactlyElementsOf(builtInAnd(tuple("POST", "/echo", 200)));
			assertThat(EchoController.lastBody).isEqualTo("hello");
		}
	}

	@Test
	void sendsNoCredentialsWhenTheApplicationSetsADefaultAuthenticator() {
		AtomicInteger asked = new AtomicInteger();
		Authenticator.setDefault(new Authenticator() {

			@Override
			protected PasswordAuthentication getPasswordAuthentication() {
				asked.incrementAndGet();
				return new PasswordAuthentication("user", "secret".toCharArray());
			}

		});
		try (ConfigurableApplicationContext context = start("test.secured=true",
				"tomcat-latency.warmup.requests[0].path=/secured")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).last()
				.extracting(RequestResult::path, RequestResult::status)
				.containsExactly("/secured", 401);
			assertThat(asked).hasValue(0);
		}
		finally {
			Authenticator.setDefault(null);
		}
	}

	@Test
	void connectsDirectlyWhenTheApplicationSetsAProxySelector() throws Exception {
		// A proxy that answers every request with 502: HttpURLConnection falls back to a
		// direct connection only when it cannot reach the proxy.
		AtomicInteger proxied = new AtomicInteger();
		try (ServerSocket proxy = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			Thread answering = new Thread(() -> {
				while (!proxy.isClosed()) {
					try (Socket socket = proxy.accept()) {
						proxied.incrementAndGet();
						socket.getOutputStream()
							.write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
								.getBytes(StandardCharsets.US_ASCII));
					}
					catch (IOException ex) {
						// Closed at the end of the test.
					}
				}
			});
			answering.setDaemon(true);
			answering.start();
			ProxySelector previous = ProxySelector.getDefault();
			ProxySelector.setDefault(new ProxySelector() {

				@Override
				public List<Proxy> select(URI uri) {
					return List.of(new Proxy(Proxy.Type.HTTP, proxy.getLocalSocketAddress()));
				}

				@Override
				public void connectFailed(URI uri, SocketAddress address, IOException ex) {
				}

			});
			try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.requests[0].path=/warmed")) {
				assertThat(context.getBean(WarmupRunner.class).getResult().state()).isEqualTo(State.COMPLETED);
				assertThat(proxied).hasValue(0);
			}
			finally {
				ProxySelector.setDefault(previous);
			}
		}
	}

	@Test
	void skipsTheHealthEndpointOnASeparateManagementPort() {
		try (ConfigurableApplicationContext context = start("management.server.port=0")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).extracting(RequestResult::path)
				.isNotEmpty()
				.doesNotContain("/actuator/health");
		}
	}

	@Test
	void failingRequestLogsOneWarningAndStartupContinues(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.requests[0].path=/fail")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.FAILED);
			assertThat(result.requests()).last().extracting(RequestResult::status).isEqualTo(500);
			assertThat(output).contains("Tomcat warm-up failed: 1 of ")
				.contains("(GET /fail: status 500); start-up continues");
			assertThat(warnings(output)).hasSize(1);
		}
	}

	@Test
	void requestTimeoutEndsOneRequestAndTheWarmupGoesOn(CapturedOutput output) {
		HeldController.reset();
		ConfigurableApplicationContext context = start("tomcat-latency.warmup.request-timeout=500ms",
				"tomcat-latency.warmup.requests[0].path=/held", "tomcat-latency.warmup.requests[1].path=/warmed");
		HeldController.release.countDown();
		try (context) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.FAILED);
			assertThat(result.requests()).filteredOn((request) -> request.origin() == Origin.CONFIGURED)
				.extracting(RequestResult::path, RequestResult::status)
				.containsExactly(tuple("/held", null), tuple("/warmed", 200));
			assertThat(result.requests()).filteredOn((request) -> "/held".equals(request.path()))
				.singleElement()
				.extracting(RequestResult::error)
				.asString()
				.contains("tomcat-latency.warmup.request-timeout");
			assertThat(warnings(output)).hasSize(1);
		}
	}

	@Test
	void timeoutEndsTheWarmupAndStartupContinues(CapturedOutput output) {
		HeldController.reset();
		ConfigurableApplicationContext context = start("tomcat-latency.warmup.timeout=1s",
				"tomcat-latency.warmup.requests[0].path=/held", "tomcat-latency.warmup.requests[1].path=/warmed");
		// Release the held request before closing: graceful shutdown would wait for it.
		HeldController.release.countDown();
		try (context) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.TIMED_OUT);
			assertThat(result.requests()).extracting(RequestResult::path).doesNotContain("/warmed");
			assertThat(output).contains("Tomcat warm-up timed out");
		}
	}

	@Test
	void failOnErrorFailsStartup() {
		assertThatIllegalStateException().isThrownBy(
				() -> start("tomcat-latency.warmup.fail-on-error=true", "tomcat-latency.warmup.requests[0].path=/fail"))
			.withMessageContaining("tomcat-latency.warmup.fail-on-error=true");
	}

	@Test
	void discoversLiteralGetRoutesWhenAsked() {
		HeldController.reset();
		HeldController.release.countDown();
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.discover-routes=true",
				"tomcat-latency.warmup.discover-repetitions=1", "tomcat-latency.warmup.framework-requests=false")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).extracting(RequestResult::path)
				.containsExactly("/fail", "/held", "/warmed");
		}
	}

	@Test
	void discoveredRoutesAreLoggedListedExcludedAndRepeatedUnlessTheyFail(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.discover-routes=true",
				"tomcat-latency.warmup.exclude=/held,/ex*/**")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.requests()).filteredOn((request) -> request.origin() == Origin.DISCOVERED)
				.extracting(RequestResult::path, RequestResult::status)
				.containsExactly(tuple("/fail", 500), tuple("/warmed", 200), tuple("/warmed", 200),
						tuple("/warmed", 200));
			assertThat(result.state()).isEqualTo(State.FAILED);
			assertThat(output).contains("Tomcat warm-up GET /warmed: status 200 in")
				.contains("(discovered route)")
				.contains("(GET /fail: status 500); start-up continues")
				.doesNotContain("GET /held");
			assertThat(warnings(output)).hasSize(1);
		}
	}

	@Test
	void invalidDiscoverRepetitionsFailStartupNamingTheProperty(CapturedOutput output) {
		assertThatException().isThrownBy(() -> start("tomcat-latency.warmup.discover-repetitions=0"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("tomcat-latency.warmup.discover-repetitions");
	}

	@Test
	void invalidExcludePatternFailsStartupNamingIt(CapturedOutput output) {
		assertThatException().isThrownBy(() -> start("tomcat-latency.warmup.exclude=/{oops"));
		assertThat(output).contains("APPLICATION FAILED TO START").contains("tomcat-latency.warmup.exclude");
	}

	private static List<String> warnings(CapturedOutput output) {
		return output.getAll()
			.lines()
			.filter((line) -> line.contains(" WARN "))
			.filter((line) -> line.contains("warm-up"))
			.toList();
	}

	private static List<org.assertj.core.groups.Tuple> builtInAnd(org.assertj.core.groups.Tuple... configured) {
		List<org.assertj.core.groups.Tuple> requests = new java.util.ArrayList<>(List.of(
				tuple("GET", "/actuator/health", 503), tuple("GET", WarmupHandlerMapping.TASKS_PATH, 200),
				tuple("GET", WarmupHandlerMapping.NOT_FOUND_PATH, 404),
				tuple("GET", WarmupHandlerMapping.NOT_FOUND_PATH, 404),
				tuple("GET", WarmupHandlerMapping.TEXT_PATH + "?name=warm-up", 200),
				tuple("GET", WarmupHandlerMapping.JSON_PATH, 200), tuple("POST", WarmupHandlerMapping.JSON_PATH, 200),
				tuple("GET", WarmupHandlerMapping.RESOURCE_PATH, 200),
				tuple("GET", WarmupHandlerMapping.VIEW_PATH, 200), tuple("GET", WarmupHandlerMapping.VIEW_PATH, 200),
				tuple("GET", WarmupHandlerMapping.VIEW_PATH, 200)));
		requests.addAll(List.of(configured));
		return requests;
	}

	private static org.assertj.core.groups.Tuple tuple(Object... values) {
		return org.assertj.core.groups.Tuple.tuple(values);
	}

	private static List<Long> requestCounts(MeterRegistry registry, String uri) {
		return List.of(
				registry.find(PhaseTimers.METER_NAME)
					.tag("uri", uri)
					.tag("phase", "mvc")
					.timers()
					.stream()
					.mapToLong((timer) -> timer.count())
					.sum(),
				registry.find("http.server.requests")
					.tag("uri", uri)
					.timers()
					.stream()
					.mapToLong((timer) -> timer.count())
					.sum());
	}

	private static ConfigurableApplicationContext start(String... properties) {
		// Jetty is on the test class path for back-off tests; a management context would
		// find both.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0")
			.properties(properties)
			.run();
	}

	private static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	private HttpResponse<String> get(int port, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ HeldController.class, EchoController.class, SecuredController.class })
	static class TestApplication {

		static final Set<String> addedMeters = ConcurrentHashMap.newKeySet();

		@Bean
		MeterRegistryCustomizer<MeterRegistry> addedMeters() {
			return (registry) -> registry.config().onMeterAdded((meter) -> addedMeters.add(meter.getId().getName()));
		}

	}

	@RestController
	static class HeldController {

		static volatile CountDownLatch entered = new CountDownLatch(1);

		static volatile CountDownLatch release = new CountDownLatch(1);

		static volatile ApplicationAvailability availability;

		static volatile int port;

		private final ApplicationAvailability applicationAvailability;

		HeldController(ApplicationAvailability applicationAvailability) {
			this.applicationAvailability = applicationAvailability;
		}

		static void reset() {
			entered = new CountDownLatch(1);
			release = new CountDownLatch(1);
		}

		@GetMapping("/held")
		String held(jakarta.servlet.http.HttpServletRequest request) throws InterruptedException {
			availability = this.applicationAvailability;
			port = request.getLocalPort();
			entered.countDown();
			release.await(60, TimeUnit.SECONDS);
			return "held";
		}

		@GetMapping("/warmed")
		String warmed() {
			return "warmed";
		}

		@GetMapping(path = "/fail", params = "never")
		String notDiscovered() {
			return "not discovered";
		}

		@GetMapping("/fail")
		String fail() {
			throw new IllegalStateException("fails on purpose");
		}

	}

	@RestController
	@ConditionalOnBooleanProperty("test.secured")
	static class SecuredController {

		@GetMapping("/secured")
		ResponseEntity<String> secured(@RequestHeader HttpHeaders headers) {
			return headers.containsHeader(HttpHeaders.AUTHORIZATION) ? ResponseEntity.ok("signed in")
					: ResponseEntity.status(HttpStatus.UNAUTHORIZED)
						.header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"test\"")
						.build();
		}

	}

	@RestController
	static class EchoController {

		static volatile String lastBody;

		@PostMapping("/echo")
		String echo(@RequestBody String body) {
			lastBody = body;
			return body;
		}

	}

}
