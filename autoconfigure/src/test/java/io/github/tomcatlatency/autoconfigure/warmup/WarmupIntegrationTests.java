package io.github.tomcatlatency.autoconfigure.warmup;

import java.io.IOException;
import java.io.OutputStream;
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
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.autoconfigure.SelfSignedKeyStore;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcat;
import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.WarmupObservationFilter;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.client.LoopbackServer;
import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.event.EventListener;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * Integration tests for the warm-up on a real embedded Tomcat over real HTTP.
 */
@ExtendWith(OutputCaptureExtension.class)
class WarmupIntegrationTests {

	// The requests after readiness wait for a pause that does not come while the test
	// runs: the result holds those before it.
	private static final String BEFORE_READINESS_ONLY = "tomcat-latency.warmup.traffic-pause=1h";

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
		try (ConfigurableApplicationContext context = start(BEFORE_READINESS_ONLY,
				"tomcat-latency.warmup.requests[0].path=/warmed", "tomcat-latency.warmup.requests[0].repetitions=3")) {
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
			// Those sent after readiness too, once they have all been sent.
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			assertThat(registry.find(WarmupObservationFilter.METER_NAME).meters()).isEmpty();
		}
	}

	@Test
	void warmsUpBelowTheContextPathWithABody() throws Exception {
		try (ConfigurableApplicationContext context = start(BEFORE_READINESS_ONLY, "server.servlet.context-path=/app",
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
	void warmsUpBelowTheDispatcherServletsPath() throws Exception {
		HeldController.reset();
		HeldController.release.countDown();
		try (ConfigurableApplicationContext context = start(BEFORE_READINESS_ONLY, "spring.mvc.servlet.path=/api",
				"tomcat-latency.warmup.discover-routes=true", "tomcat-latency.warmup.discover-repetitions=1",
				"tomcat-latency.warmup.exclude=/held,/fail", "tomcat-latency.warmup.requests[0].method=POST",
				"tomcat-latency.warmup.requests[0].path=/api/echo",
				"tomcat-latency.warmup.requests[0].headers.Content-Type=text/plain",
				"tomcat-latency.warmup.requests[0].body=below the servlet path")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			List<org.assertj.core.groups.Tuple> expected = new java.util.ArrayList<>();
			for (org.assertj.core.groups.Tuple request : builtInAnd(tuple("POST", "/echo", 200),
					tuple("GET", "/warmed", 200))) {
				Object[] values = request.toArray();
				expected.add(tuple(values[0], "/api" + values[1], values[2], Outcome.WARMED));
			}
			assertThat(result.requests())
				.extracting(RequestResult::method, RequestResult::path, RequestResult::status, RequestResult::outcome)
				.containsExactlyElementsOf(expected);
			assertThat(result.state()).isEqualTo(State.COMPLETED);
			assertThat(EchoController.lastBody).isEqualTo("below the servlet path");
			assertThat(get(port(context), "/api/warmed").statusCode()).isEqualTo(200);
		}
	}

	@Test
	void builtInRequestAnsweredByAnythingButTheStartersRouteIsNotWarmed(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("test.answering-filter=true")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.requests()).filteredOn((request) -> request.path().equals(WarmupRoutes.JSON_PATH))
				.extracting(RequestResult::method, RequestResult::status, RequestResult::outcome)
				.containsExactly(tuple("GET", 200, Outcome.NOT_WARMED), tuple("POST", 200, Outcome.NOT_WARMED));
			assertThat(result.requests())
				.filteredOn((request) -> request.path().equals(WarmupRoutes.TEXT_PATH + "?name=warm-up"))
				.extracting(RequestResult::outcome)
				.containsExactly(Outcome.WARMED);
			assertThat(result.state()).isNotEqualTo(State.COMPLETED);
			assertThat(output).contains("answered by something other than the starter's warm-up route");
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
				.extracting(RequestResult::path, RequestResult::status, RequestResult::outcome)
				.containsExactly("/secured", 401, Outcome.REFUSED);
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
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).extracting(RequestResult::path)
				.contains(WarmupRoutes.NOT_FOUND_PATH)
				.doesNotContain("/actuator/health");
		}
	}

	@Test
	void serverThatListensOnlyWithTlsAndHttp2IsWarmedOverTls(@TempDir Path directory, CapturedOutput output)
			throws Exception {
		String[] tls = SelfSignedKeyStore.serverProperties(directory);
		try (ConfigurableApplicationContext context = start(tls[0], tls[1], tls[2], "server.http2.enabled=true",
				"tomcat-latency.warmup.requests[0].path=/warmed", "spring.jpa.open-in-view=false")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.COMPLETED);
			assertThat(result.requests()).extracting(RequestResult::path).contains("/warmed");
			assertThat(result.requests()).allSatisfy(
					(request) -> assertThat(request.outcome()).as(request.toString()).isEqualTo(Outcome.WARMED));
			assertThat(output.getAll().lines().filter((line) -> line.contains(" ERROR ") || line.contains(" WARN ")))
				.isEmpty();
		}
	}

	@Test
	void sendsTheHealthEndpointAfterReadiness() {
		try (ConfigurableApplicationContext context = start()) {
			WarmupRunner runner = context.getBean(WarmupRunner.class);
			assertThat(runner.getResult().requests()).extracting(RequestResult::path)
				.isNotEmpty()
				.doesNotContain("/actuator/health");
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			assertThat(runner.getResult().requests()).filteredOn((request) -> request.path().equals("/actuator/health"))
				.singleElement()
				.extracting(RequestResult::status, RequestResult::outcome)
				.containsExactly(200, Outcome.WARMED);
		}
	}

	@Test
	void failingRequestLogsOneWarningAndStartupContinues(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.requests[0].path=/fail")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.FAILED);
			assertThat(result.requests()).last().extracting(RequestResult::status).isEqualTo(500);
			assertThat(result.message()).contains("1 of ").contains("(GET /fail: status 500)");
			assertThat(output).contains("Tomcat warm-up GET /fail failed: status 500; start-up continues");
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
			// The warm-up's own limit, not the application's failure: INFO, naming the
			// setting.
			assertThat(warnings(output)).isEmpty();
			assertThat(warmupInfoLines(output)).singleElement()
				.asString()
				.contains("; not warmed: GET /held (Timed out after 500 ms (tomcat-latency.warmup.request-timeout))");
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
			assertThat(warmupInfoLines(output)).singleElement()
				.asString()
				.contains("; timed out: Not every request was sent within 1000 ms (tomcat-latency.warmup.timeout)");
		}
	}

	@Test
	void failOnErrorFailsStartup() {
		assertThatIllegalStateException().isThrownBy(
				() -> start("tomcat-latency.warmup.fail-on-error=true", "tomcat-latency.warmup.requests[0].path=/fail"))
			.withMessageContaining("tomcat-latency.warmup.fail-on-error=true");
	}

	@Test
	void builtInRequestsNeverReachTheApplicationsExceptionHandlers(CapturedOutput output) {
		ExceptionAdvice.handled.set(0);
		// Without the warning JPA logs at every start-up of an application that leaves it
		// on.
		try (ConfigurableApplicationContext context = start("test.advice=true", "spring.jpa.open-in-view=false")) {
			WarmupRunner runner = context.getBean(WarmupRunner.class);
			// A successful first request needs no error page: it is rendered after
			// readiness.
			assertThat(runner.getResult().requests()).extracting(RequestResult::path)
				.doesNotContain(WarmupRoutes.NOT_FOUND_PATH);
			WarmupResult result = await().until(runner::getResult,
					(all) -> all.requests()
						.stream()
						.anyMatch((request) -> request.path().equals(WarmupRoutes.NOT_FOUND_PATH)));
			assertThat(result.state()).isEqualTo(State.COMPLETED);
			assertThat(result.requests()).filteredOn((request) -> request.path().equals(WarmupRoutes.NOT_FOUND_PATH))
				.hasSize(2)
				.allSatisfy((request) -> {
					assertThat(request.status()).isEqualTo(404);
					assertThat(request.outcome()).isEqualTo(Outcome.WARMED);
				});
			assertThat(ExceptionAdvice.handled).hasValue(0);
			assertThat(output.getAll().lines().filter((line) -> line.contains(" ERROR ") || line.contains(" WARN ")))
				.isEmpty();
		}
	}

	@Test
	void anErrorControllerOfTheApplicationKeepsTheErrorPageOutOfTheWarmup() {
		ApplicationErrorController.called.set(0);
		try (ConfigurableApplicationContext context = start("test.error-controller=true")) {
			assertErrorPageLeftOut(context);
		}
	}

	@Test
	void anErrorControllerRegisteredWithoutABeanDefinitionKeepsTheErrorPageOutOfTheWarmup() {
		ApplicationErrorController.called.set(0);
		try (ConfigurableApplicationContext context = builder()
			.initializers((initializing) -> initializing.getBeanFactory()
				.registerSingleton("applicationErrorController", new ApplicationErrorController()))
			.run()) {
			assertErrorPageLeftOut(context);
		}
	}

	private static void assertErrorPageLeftOut(ConfigurableApplicationContext context) {
		// The error page's requests would follow readiness: wait for the warm-up's end.
		await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
		WarmupResult result = context.getBean(WarmupRunner.class).getResult();
		assertThat(result.state()).isEqualTo(State.COMPLETED);
		assertThat(result.requests()).extracting(RequestResult::path)
			.contains("/actuator/health")
			.doesNotContain(WarmupRoutes.NOT_FOUND_PATH);
		assertThat(ApplicationErrorController.called).hasValue(0);
	}

	@Test
	void clientErrorOfAConfiguredRequestIsReportedAsNotWarmed(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.requests[0].path=/missing")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.INCOMPLETE);
			assertThat(result.requests()).last()
				.extracting(RequestResult::status, RequestResult::outcome)
				.containsExactly(404, Outcome.NOT_WARMED);
			// One line for the start, which names the route left cold.
			assertThat(warmupInfoLines(output)).singleElement()
				.asString()
				.contains("; not warmed: GET /missing (status 404)");
			assertThat(warnings(output)).isEmpty();
		}
	}

	@Test
	void sendsPatchRequests() {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.requests[0].method=patch",
				"tomcat-latency.warmup.requests[0].path=/echo",
				"tomcat-latency.warmup.requests[0].headers.Content-Type=text/plain",
				"tomcat-latency.warmup.requests[0].body=patched")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).last()
				.extracting(RequestResult::method, RequestResult::status)
				.containsExactly("PATCH", 200);
			assertThat(EchoController.lastBody).isEqualTo("patched");
		}
	}

	@Test
	void invalidMethodFailsStartupNamingTheProperty(CapturedOutput output) {
		assertThatException().isThrownBy(() -> start("tomcat-latency.warmup.requests[0].method=FETCH",
				"tomcat-latency.warmup.requests[0].path=/warmed"));
		assertThat(output).contains("APPLICATION FAILED TO START").contains("tomcat-latency.warmup.requests[0].method");
	}

	@Test
	void discoversLiteralGetRoutesWhenAsked() {
		HeldController.reset();
		HeldController.release.countDown();
		// The streaming routes, /events, /download and /download-entity, are left out.
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.discover-routes=true",
				"tomcat-latency.warmup.discover-repetitions=1", "tomcat-latency.warmup.framework-requests=false",
				"test.streaming=true")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).extracting(RequestResult::path)
				.containsExactly("/fail", "/held", "/warmed");
		}
	}

	@Test
	void aRequestWhoseAnswerNeverEndsIsAbandonedAtTheTimeout() {
		try (ConfigurableApplicationContext context = start("test.endless=true", "tomcat-latency.warmup.timeout=2s",
				"tomcat-latency.warmup.requests[0].path=/endless")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.requests()).last()
				.satisfies((request) -> assertThat(request.path()).isEqualTo("/endless"))
				.satisfies((request) -> assertThat(request.outcome()).isEqualTo(Outcome.FAILED))
				.satisfies((request) -> assertThat(request.error()).startsWith("Timed out after "));
			assertThat(result.state()).isIn(State.FAILED, State.TIMED_OUT);
			// The warm-up closed the connection: the next write fails and the stream
			// ends.
			await().atMost(60, TimeUnit.SECONDS).until(() -> EndlessController.ended.getCount() == 0);
		}
	}

	@Test
	void discoveryLeavesOutRoutesThatNeedAValue() {
		HeldController.reset();
		HeldController.release.countDown();
		try (ConfigurableApplicationContext context = start("test.parameters=true",
				"tomcat-latency.warmup.discover-routes=true", "tomcat-latency.warmup.discover-repetitions=1",
				"tomcat-latency.warmup.framework-requests=false")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).extracting(RequestResult::path)
				.containsExactly("/fail", "/held", "/optional", "/paged", "/warmed");
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
			assertThat(output).contains("Tomcat warm-up sent ")
				.contains("GET /warmed x3")
				.contains("Tomcat warm-up GET /fail failed: status 500; start-up continues")
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

	@Test
	void configuredRequestsFindWhatTheApplicationsRunnersPrepared() {
		// Spring Boot runs unordered runners in no fixed order: among nine, a warm-up run
		// as one of them would come before some of the application's.
		PreparingRunners.prepared.set(0);
		try (ConfigurableApplicationContext context = start("test.runners=true",
				"tomcat-latency.warmup.requests[0].path=/prepared")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).last()
				.extracting(RequestResult::path, RequestResult::status)
				.containsExactly("/prepared", 200);
		}
	}

	@Test
	void configuredRequestsFindWhatTheApplicationsReadyListenersPrepared() {
		// Readiness comes after every ready listener: the application's first users find
		// what they prepared (data inserted, a cache filled).
		try (ConfigurableApplicationContext context = start("test.ready-listeners=true",
				"tomcat-latency.warmup.requests[0].path=/prepared-when-ready")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).last()
				.extracting(RequestResult::path, RequestResult::status)
				.containsExactly("/prepared-when-ready", 200);
		}
	}

	@Test
	void builtInRequestsRunBesideTheApplicationsRunners() {
		try (ConfigurableApplicationContext context = start("test.waiting-runner=true")) {
			// The runner saw a warm-up request pass the application's filters while it
			// ran.
			assertThat(WaitingRunner.sawWarmupRequest).isTrue();
			assertThat(context.getBean(WarmupRunner.class).getResult().state()).isEqualTo(State.COMPLETED);
		}
	}

	@Test
	void backgroundRequestsStopQuietlyWhenTheApplicationCloses(CapturedOutput output) throws Exception {
		HeldController.reset();
		ConfigurableApplicationContext context = start("test.background=true");
		int port = port(context);
		WarmupRunner runner = context.getBean(WarmupRunner.class);
		assertThat(HeldController.entered.await(60, TimeUnit.SECONDS)).isTrue();
		CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
		// Graceful shutdown closes the connector, then waits for the held request: the
		// next background request would find no server.
		await().atMost(60, TimeUnit.SECONDS).until(() -> !accepts(port));
		HeldController.release.countDown();
		closing.get(60, TimeUnit.SECONDS);
		await().atMost(60, TimeUnit.SECONDS)
			.until(() -> runner.getResult().requests().stream().anyMatch((result) -> "/held".equals(result.path())));
		assertThat(warnings(output)).isEmpty();
	}

	@Test
	void backgroundRequestsWaitForAPauseInTheApplicationsTraffic() throws Exception {
		HeldController.reset();
		Duration pause = Duration.ofMillis(500);
		try (ConfigurableApplicationContext context = start("test.background=true",
				"tomcat-latency.warmup.traffic-pause=" + pause.toMillis() + "ms")) {
			int port = port(context);
			// Real traffic from readiness on, each request sooner after the last than the
			// pause the background requests wait for.
			List<Long> answered = new ArrayList<>();
			for (int i = 0; i < 20; i++) {
				assertThat(get(port, "/warmed").statusCode()).isEqualTo(200);
				answered.add(System.nanoTime());
				Thread.sleep(50);
			}
			assertThat(HeldController.entered.await(60, TimeUnit.SECONDS)).isTrue();
			long enteredAt = HeldController.enteredAt;
			// It went once the traffic had stood still for the pause, whenever that was:
			// had the machine stalled the test for longer, then in that gap. Less a poll
			// of the server's activity and a request's time in the server.
			long lastAnsweredBefore = answered.stream()
				.filter((at) -> at - enteredAt < 0)
				.max(Long::compare)
				.orElseThrow();
			assertThat(Duration.ofNanos(enteredAt - lastAnsweredBefore)).isGreaterThan(pause.minusMillis(100));
			HeldController.release.countDown();
			WarmupRunner runner = context.getBean(WarmupRunner.class);
			await().atMost(60, TimeUnit.SECONDS)
				.until(() -> runner.getResult()
					.requests()
					.stream()
					.anyMatch((result) -> "/warmed".equals(result.path())));
			assertThat(runner.getResult().state()).isEqualTo(State.COMPLETED);
		}
	}

	@Test
	void backgroundRequestsWithoutAPauseAreListedAsNotSentAndNamedOnceAtDebug(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("test.never-a-pause=true",
				"logging.level.io.github.tomcatlatency.warmup.internal.WarmupRunner=debug")) {
			WarmupRunner runner = context.getBean(WarmupRunner.class);
			await().atMost(60, TimeUnit.SECONDS).until(() -> runner.getResult().requests().size() == 3);
			WarmupResult result = runner.getResult();
			assertThat(result.requests()).extracting(RequestResult::path, RequestResult::status, RequestResult::outcome)
				.containsExactly(tuple("/warmed", null, Outcome.NOT_SENT), tuple("/warmed", null, Outcome.NOT_SENT),
						tuple("/echo", null, Outcome.NOT_SENT));
			assertThat(result.state()).isEqualTo(State.INCOMPLETE);
			assertThat(result.message()).startsWith("3 of 3 requests did not warm their route (GET /warmed: not sent: "
					+ "the application's traffic left no pause of 2 s within 1000 ms");
			// Counted alike before and after: each repetition is a request.
			assertThat(output.getAll().lines().filter((line) -> line.contains("more follow"))).singleElement()
				.asString()
				.contains("Tomcat warm-up sent 0 requests in ")
				.contains(" ms before accepting traffic, 3 more follow in the background");
			assertThat(output.getAll().lines().filter((line) -> line.contains("did not send"))).singleElement()
				.asString()
				.contains(" DEBUG ")
				.endsWith("Tomcat warm-up did not send 3 of its requests after readiness (GET /warmed, GET /echo): "
						+ "the application's traffic left no pause of 2 s within 1000 ms; their routes are warmed "
						+ "by their first real requests");
		}
	}

	private static boolean accepts(int port) {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static List<String> warmupInfoLines(CapturedOutput output) {
		return output.getAll()
			.lines()
			.filter((line) -> line.contains(" INFO ") && line.contains("WarmupRunner"))
			.toList();
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
				tuple("GET", WarmupRoutes.TASKS_PATH, 200), tuple("GET", WarmupRoutes.TEXT_PATH + "?name=warm-up", 200),
				tuple("GET", WarmupRoutes.JSON_PATH, 200), tuple("POST", WarmupRoutes.JSON_PATH, 200),
				tuple("GET", WarmupRoutes.RESOURCE_PATH, 200), tuple("GET", WarmupRoutes.VIEW_PATH, 200)));
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
		return builder().properties(properties).run();
	}

	private static SpringApplicationBuilder builder() {
		// Jetty is on the test class path for back-off tests; a management context would
		// find both.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "tomcat-latency.warmup.traffic-pause=100ms");
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	private HttpResponse<String> get(int port, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ HeldController.class, EchoController.class, SecuredController.class, ExceptionAdvice.class,
			ApplicationErrorController.class, ParametersController.class, PreparingRunners.class,
			PreparingReadyListeners.class, BackgroundRoutes.class, WaitingRunner.class, AnsweringFilter.class,
			NeverAPause.class, StreamingController.class, EndlessController.class })
	static class TestApplication {

		static final Set<String> addedMeters = ConcurrentHashMap.newKeySet();

		@Bean
		BootLine.MeterRegistryCustomizer addedMeters() {
			return (registry) -> registry.config().onMeterAdded((meter) -> addedMeters.add(meter.getId().getName()));
		}

	}

	@RestController
	static class HeldController {

		static volatile CountDownLatch entered = new CountDownLatch(1);

		static volatile long enteredAt;

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
			enteredAt = System.nanoTime();
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
			return (headers.getFirst(HttpHeaders.AUTHORIZATION) != null) ? ResponseEntity.ok("signed in")
					: ResponseEntity.status(HttpStatus.UNAUTHORIZED)
						.header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"test\"")
						.build();
		}

	}

	@RestControllerAdvice
	@ConditionalOnBooleanProperty("test.advice")
	static class ExceptionAdvice {

		static final AtomicInteger handled = new AtomicInteger();

		private static final org.apache.commons.logging.Log logger = org.apache.commons.logging.LogFactory
			.getLog(ExceptionAdvice.class);

		// As applications do: every exception answered 500 and logged as an error.
		@ExceptionHandler(Exception.class)
		ResponseEntity<String> handle(Exception ex, jakarta.servlet.http.HttpServletRequest request) {
			handled.incrementAndGet();
			logger.error("Unexpected error at " + request.getMethod() + " " + request.getRequestURI(), ex);
			return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).body("unexpected");
		}

	}

	@RestController
	@ConditionalOnBooleanProperty("test.error-controller")
	static class ApplicationErrorController implements BootLine.ErrorController {

		static final AtomicInteger called = new AtomicInteger();

		@RequestMapping("/error")
		ResponseEntity<String> error() {
			called.incrementAndGet();
			return ResponseEntity.status(HttpStatus.NOT_FOUND).body("the application's own error page");
		}

	}

	@RestController
	@ConditionalOnBooleanProperty("test.parameters")
	static class ParametersController {

		@GetMapping("/search")
		String search(@RequestParam String query) {
			return query;
		}

		@GetMapping("/paged")
		String paged(@RequestParam(defaultValue = "0") int page) {
			return "page " + page;
		}

		@GetMapping("/optional")
		String optional(@RequestParam(required = false) String filter) {
			return "filter " + filter;
		}

		@GetMapping("/numbered")
		String numbered(int number) {
			return "number " + number;
		}

		@GetMapping("/tenant")
		String tenant(@RequestHeader("X-Tenant") String tenant) {
			return tenant;
		}

	}

	@RestController
	static class EchoController {

		static volatile String lastBody;

		@RequestMapping(path = "/echo", method = { RequestMethod.POST, RequestMethod.PATCH })
		String echo(@RequestBody String body) {
			lastBody = body;
			return body;
		}

		// A JSON body read and written: the built-in JSON requests are sent.
		@PostMapping("/greetings")
		Greeting greet(@RequestBody Greeting greeting) {
			return greeting;
		}

		record Greeting(String text) {

		}

	}

	@RestController
	@ConditionalOnBooleanProperty("test.runners")
	static class PreparingRunners {

		static final int RUNNERS = 8;

		static final AtomicInteger prepared = new AtomicInteger();

		@Bean
		static BeanFactoryPostProcessor preparingRunners() {
			return (beanFactory) -> {
				for (int i = 0; i < RUNNERS; i++) {
					// Not a lambda, which would be one instance for all.
					beanFactory.registerSingleton("preparingRunner" + i, new ApplicationRunner() {

						@Override
						public void run(ApplicationArguments args) {
							prepared.incrementAndGet();
						}

					});
				}
			};
		}

		@GetMapping("/prepared")
		ResponseEntity<String> prepared() {
			return (prepared.get() == RUNNERS) ? ResponseEntity.ok("prepared")
					: ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(prepared.get() + " prepared");
		}

	}

	@RestController
	@ConditionalOnBooleanProperty("test.ready-listeners")
	static class PreparingReadyListeners {

		private final AtomicInteger prepared = new AtomicInteger();

		@EventListener
		void annotatedListener(ApplicationReadyEvent event) {
			this.prepared.incrementAndGet();
		}

		@Bean
		ApplicationListener<ApplicationReadyEvent> listenerBean() {
			return (event) -> this.prepared.incrementAndGet();
		}

		@GetMapping("/prepared-when-ready")
		ResponseEntity<String> prepared() {
			return (this.prepared.get() == 2) ? ResponseEntity.ok("prepared")
					: ResponseEntity.status(HttpStatus.CONFLICT).body(this.prepared.get() + " prepared");
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("test.background")
	static class BackgroundRoutes {

		@Bean
		WarmupRequests.FrameworkRoutes heldInTheBackground() {
			return () -> List.of(WarmupRequest.get(Origin.BUILT_IN, "/held"),
					WarmupRequest.get(Origin.BUILT_IN, "/warmed"));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("test.waiting-runner")
	static class WaitingRunner {

		static volatile boolean sawWarmupRequest;

		private final CountDownLatch warmupRequest = new CountDownLatch(1);

		@Bean
		Filter warmupRequestSeen() {
			return (request, response, chain) -> {
				if (request.getAttribute(WarmupRequestMarker.ATTRIBUTE) != null) {
					this.warmupRequest.countDown();
				}
				chain.doFilter(request, response);
			};
		}

		@Bean
		ApplicationRunner waitingRunner() {
			return (args) -> sawWarmupRequest = this.warmupRequest.await(30, TimeUnit.SECONDS);
		}

	}

	/**
	 * A filter of the application's that answers the starter's JSON route itself, as a
	 * servlet mapped over the {@code DispatcherServlet} or a gateway filter would.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("test.answering-filter")
	static class AnsweringFilter {

		@Bean
		FilterRegistrationBean<jakarta.servlet.Filter> answeringFilter() {
			FilterRegistrationBean<jakarta.servlet.Filter> registration = new FilterRegistrationBean<>(
					(request, response, chain) -> ((jakarta.servlet.http.HttpServletResponse) response).setStatus(200));
			registration.addUrlPatterns(WarmupRoutes.JSON_PATH);
			return registration;
		}

	}

	/**
	 * A warm-up whose server never stands still, as under steady traffic: nothing before
	 * readiness, three requests after it, one of them sent twice.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("test.never-a-pause")
	static class NeverAPause {

		@Bean
		WarmupRunner neverAPauseWarmupRunner(EmbeddedTomcat tomcat, WarmupRequestMarker marker,
				WarmupTaskResults taskResults) {
			AtomicLong activity = new AtomicLong();
			return new WarmupRunner(() -> LoopbackServer.of(tomcat.get(), ""), activity::incrementAndGet,
					Duration.ofSeconds(2), List::of,
					() -> List.of(new WarmupRequest(Origin.BUILT_IN, "GET", "/warmed", Map.of(), null, 2),
							WarmupRequest.get(Origin.BUILT_IN, "/echo")),
					List::of, marker, taskResults, Duration.ofSeconds(1), Duration.ofSeconds(5), false);
		}

	}

	/**
	 * A route whose answer sends a byte every 50 ms until its client goes.
	 */
	@RestController
	@ConditionalOnBooleanProperty("test.endless")
	static class EndlessController {

		static volatile CountDownLatch ended = new CountDownLatch(1);

		// Written on the request's thread: there a write to a connection the client
		// closed fails at once, where an asynchronous response would be suspended
		// silently until the asynchronous request timed out.
		@GetMapping("/endless")
		void endless(HttpServletResponse response) throws IOException {
			ended = new CountDownLatch(1);
			try {
				OutputStream output = response.getOutputStream();
				// Five minutes: longer than the test waits for its end.
				for (int i = 0; i < 6000; i++) {
					output.write('.');
					output.flush();
					Thread.sleep(50);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				// Written to the end, or the client went: the write failed.
				ended.countDown();
			}
		}

	}

	/**
	 * Routes whose answers may stream on: an event stream and downloads.
	 */
	@RestController
	@ConditionalOnBooleanProperty("test.streaming")
	static class StreamingController {

		@GetMapping("/events")
		SseEmitter events() {
			return new SseEmitter(-1L);
		}

		@GetMapping("/download")
		StreamingResponseBody download() {
			return (output) -> output.write('.');
		}

		@GetMapping("/download-entity")
		ResponseEntity<StreamingResponseBody> downloadEntity() {
			return ResponseEntity.ok((output) -> output.write('.'));
		}

	}

}
