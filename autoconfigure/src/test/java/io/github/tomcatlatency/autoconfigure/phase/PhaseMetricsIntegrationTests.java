package io.github.tomcatlatency.autoconfigure.phase;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import io.github.tomcatlatency.phase.Phase;
import io.github.tomcatlatency.phase.PhaseTimers;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.Filter;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.AccessLog;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Integration tests for the phase split on a real embedded Tomcat over real HTTP. Each
 * test injects a sleep into one phase and asserts where it shows, relative to the sleep,
 * and that the phases add up to the wall time Tomcat measured for the request.
 */
@SpringBootTest(classes = PhaseMetricsIntegrationTests.TestApplication.class,
		webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "management.endpoints.web.exposure.include=health,metrics")
class PhaseMetricsIntegrationTests {

	static final long SLEEP_MILLIS = 400;

	static final long SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(SLEEP_MILLIS);

	private final HttpClient client = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Autowired
	private MeterRegistry registry;

	@Autowired
	private TomcatTotals tomcatTotals;

	@BeforeEach
	void warmUp() throws Exception {
		// The first request of a JVM is slow in every phase; keep it out of the
		// comparisons.
		get("/warm");
	}

	@Test
	void sleepInControllerShowsInMvc() throws Exception {
		assertSleepShowsIn("/slow", Phase.MVC);
	}

	@Test
	void sleepInFilterShowsInFilters() throws Exception {
		assertSleepShowsIn("/filtered", Phase.FILTERS);
	}

	@Test
	void sleepInFilterOrderedLastShowsInFilters() throws Exception {
		assertSleepShowsIn("/late-filtered", Phase.FILTERS);
	}

	@Test
	void sleepInValveShowsInContainer() throws Exception {
		assertSleepShowsIn("/valve-slow", Phase.CONTAINER);
	}

	@Test
	void deferredResultWaitShowsInMvc() throws Exception {
		assertSleepShowsIn("/deferred", Phase.MVC);
	}

	@Test
	void callableShowsInMvc() throws Exception {
		assertSleepShowsIn("/callable", Phase.MVC);
	}

	@Test
	void sseEmitterShowsInMvc() throws Exception {
		assertSleepShowsIn("/sse", Phase.MVC);
	}

	@Test
	void streamingResponseBodyShowsInMvc() throws Exception {
		assertSleepShowsIn("/stream", Phase.MVC);
	}

	@Test
	void errorDispatchIsPartOfTheFailedRequest() throws Exception {
		assertThat(get("/boom").statusCode()).isEqualTo(500);
		awaitRecorded("/boom");
		assertThat(timers("/boom", Phase.MVC)).singleElement()
			.satisfies((timer) -> assertThat(timer.getId().getTag("outcome")).isEqualTo("SERVER_ERROR"));
		assertAddsUpToTomcatTotal("/boom");
		assertThat(uriTags()).doesNotContain("/error");
	}

	@Test
	void forwardIsRecordedOnceUnderTheOriginalRoute() throws Exception {
		long fastBefore = requestFast();
		assertThat(get("/forward").body()).isEqualTo("fast");
		awaitRecorded("/forward");
		assertAddsUpToTomcatTotal("/forward");
		assertThat(count("/fast", Phase.MVC)).isEqualTo(fastBefore);
	}

	@Test
	void includeIsRecordedOnceUnderTheIncludingRoute() throws Exception {
		long fastBefore = requestFast();
		assertThat(get("/include").body()).isEqualTo("before:fast");
		awaitRecorded("/include");
		assertAddsUpToTomcatTotal("/include");
		assertThat(count("/fast", Phase.MVC)).isEqualTo(fastBefore);
	}

	@Test
	void notFoundAddsUpToTomcatTotal() throws Exception {
		get("/not-there-warm");
		await().until(() -> count("/**", Phase.MVC) > 0);
		long countBefore = count("/**", Phase.MVC);
		long nanosBefore = nanos("/**", Phase.CONTAINER) + nanos("/**", Phase.FILTERS) + nanos("/**", Phase.MVC);
		String path = "/not-there/" + UUID.randomUUID();
		assertThat(get(path).statusCode()).isEqualTo(404);
		await().until(() -> count("/**", Phase.CONTAINER) == countBefore + 1
				&& count("/**", Phase.FILTERS) == countBefore + 1 && count("/**", Phase.MVC) == countBefore + 1);
		long nanosAfter = nanos("/**", Phase.CONTAINER) + nanos("/**", Phase.FILTERS) + nanos("/**", Phase.MVC);
		assertThat(nanosAfter - nanosBefore).isEqualTo(this.tomcatTotals.get(path));
	}

	@Test
	void routeTagIsThePatternNotThePath() throws Exception {
		get("/things/42");
		get("/things/43");
		await().untilAsserted(() -> assertThat(count("/things/{id}", Phase.MVC)).isEqualTo(2));
		assertThat(uriTags()).doesNotContain("/things/42", "/things/43");
	}

	@Test
	void floodOfRandomPathsDoesNotGrowTheTags() throws Exception {
		get("/not-there-warm");
		await().until(() -> uriTags().contains("/**"));
		Set<String> before = uriTags();
		for (int i = 0; i < 200; i++) {
			assertThat(get("/not-there/" + UUID.randomUUID()).statusCode()).isEqualTo(404);
		}
		assertThat(uriTags()).isEqualTo(before);
	}

	@Test
	void actuatorRequestsAreNotRecorded() throws Exception {
		assertThat(get("/actuator/health").statusCode()).isEqualTo(200);
		assertThat(get("/actuator/metrics").statusCode()).isEqualTo(200);
		await().until(() -> this.tomcatTotals.contains("/actuator/health")
				&& this.tomcatTotals.contains("/actuator/metrics"));
		assertThat(get("/actuator/health").statusCode()).isEqualTo(200);
		assertThat(uriTags()).noneMatch((uri) -> uri.startsWith("/actuator"));
	}

	/**
	 * Request /fast and wait until it is recorded, so that its count can be compared
	 * after a forward or include to it.
	 */
	private long requestFast() throws Exception {
		long before = count("/fast", Phase.MVC);
		get("/fast");
		await().untilAsserted(() -> assertThat(count("/fast", Phase.MVC)).isEqualTo(before + 1));
		return before + 1;
	}

	private void assertSleepShowsIn(String path, Phase slowPhase) throws Exception {
		assertThat(get(path).statusCode()).isEqualTo(200);
		awaitRecorded(path);
		// An asynchronous result completes on another thread, timed by the scheduler's
		// clock, not the request's: allow a tenth for that. The phases add up to Tomcat's
		// own total, so the sleep is in this phase and no other; no bound on the other
		// phases, which a machine that stalls for longer than the sleep would break.
		long slow = nanos(path, slowPhase);
		assertThat(slow).as(slowPhase.tagValue()).isGreaterThanOrEqualTo(SLEEP_NANOS - SLEEP_NANOS / 10);
		assertAddsUpToTomcatTotal(path);
	}

	private void assertAddsUpToTomcatTotal(String path) {
		long sum = 0;
		for (Phase phase : Phase.values()) {
			sum += nanos(path, phase);
		}
		assertThat(sum).isEqualTo(this.tomcatTotals.get(path));
	}

	private void awaitRecorded(String uri) {
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			for (Phase phase : Phase.values()) {
				assertThat(count(uri, phase)).as(phase.tagValue()).isOne();
			}
		});
	}

	private HttpResponse<String> get(String path) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private Collection<Timer> timers(String uri, Phase phase) {
		return this.registry.find(PhaseTimers.METER_NAME).tag("uri", uri).tag("phase", phase.tagValue()).timers();
	}

	private long count(String uri, Phase phase) {
		return timers(uri, phase).stream().mapToLong(Timer::count).sum();
	}

	private long nanos(String uri, Phase phase) {
		return (long) timers(uri, phase).stream().mapToDouble((timer) -> timer.totalTime(TimeUnit.NANOSECONDS)).sum();
	}

	private Set<String> uriTags() {
		return this.registry.find(PhaseTimers.METER_NAME)
			.timers()
			.stream()
			.map((timer) -> timer.getId().getTag("uri"))
			.collect(Collectors.toSet());
	}

	static void sleep() {
		sleep(SLEEP_MILLIS);
	}

	static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(TestController.class)
	static class TestApplication {

		@Bean
		TomcatTotals tomcatTotals() {
			return new TomcatTotals();
		}

		@Bean
		EmbeddedTomcatSetup testValves(TomcatTotals tomcatTotals) {
			return new EmbeddedTomcatSetup() {

				@Override
				public List<Valve> engineValves() {
					return List.of(new SlowValve(), tomcatTotals);
				}

			};
		}

		@Bean
		FilterRegistrationBean<Filter> slowFilter() {
			FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(sleepingFilter("/filtered"));
			registration.setOrder(0);
			return registration;
		}

		@Bean
		FilterRegistrationBean<Filter> lateSlowFilter() {
			FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(
					sleepingFilter("/late-filtered"));
			registration.setOrder(Ordered.LOWEST_PRECEDENCE);
			registration.setMatchAfter(true);
			return registration;
		}

		private static Filter sleepingFilter(String path) {
			return (request, response, chain) -> {
				if (((HttpServletRequest) request).getRequestURI().equals(path)) {
					sleep();
				}
				chain.doFilter(request, response);
			};
		}

	}

	/**
	 * Captures the wall time Tomcat measures for each request path.
	 */
	static class TomcatTotals extends ValveBase implements AccessLog {

		private final Map<String, Long> totals = new ConcurrentHashMap<>();

		TomcatTotals() {
			super(true);
		}

		@Override
		public void invoke(Request request, Response response) throws IOException, ServletException {
			getNext().invoke(request, response);
		}

		@Override
		public void log(Request request, Response response, long time) {
			this.totals.put(request.getDecodedRequestURI(), time);
		}

		long get(String path) {
			return this.totals.get(path);
		}

		boolean contains(String path) {
			return this.totals.containsKey(path);
		}

		@Override
		public void setRequestAttributesEnabled(boolean requestAttributesEnabled) {
		}

		@Override
		public boolean getRequestAttributesEnabled() {
			return false;
		}

	}

	static class SlowValve extends ValveBase {

		SlowValve() {
			super(true);
		}

		@Override
		public void invoke(Request request, Response response) throws IOException, ServletException {
			if (request.getDecodedRequestURI().equals("/valve-slow")) {
				sleep();
			}
			getNext().invoke(request, response);
		}

	}

	@Controller
	static class TestController {

		private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

		@GetMapping({ "/warm", "/fast", "/filtered", "/late-filtered", "/valve-slow" })
		@ResponseBody
		String fast() {
			return "fast";
		}

		@GetMapping("/things/{id}")
		@ResponseBody
		String thing(@PathVariable String id) {
			return id;
		}

		@GetMapping("/slow")
		@ResponseBody
		String slow() {
			sleep();
			return "slow";
		}

		@GetMapping("/boom")
		String boom() {
			throw new IllegalStateException("boom");
		}

		@GetMapping("/forward")
		String forward() {
			return "forward:/fast";
		}

		@GetMapping("/include")
		void include(HttpServletRequest request, HttpServletResponse response) throws Exception {
			response.getOutputStream().write("before:".getBytes());
			request.getRequestDispatcher("/fast").include(request, response);
		}

		@GetMapping("/deferred")
		@ResponseBody
		DeferredResult<String> deferred() {
			DeferredResult<String> result = new DeferredResult<>();
			this.scheduler.schedule(() -> result.setResult("deferred"), SLEEP_MILLIS, TimeUnit.MILLISECONDS);
			return result;
		}

		@GetMapping("/callable")
		@ResponseBody
		Callable<String> callable() {
			return () -> {
				sleep();
				return "callable";
			};
		}

		@GetMapping("/sse")
		SseEmitter sse() {
			SseEmitter emitter = new SseEmitter();
			this.scheduler.execute(() -> {
				try {
					emitter.send("first");
					sleep();
					emitter.send("second");
					emitter.complete();
				}
				catch (IOException ex) {
					emitter.completeWithError(ex);
				}
			});
			return emitter;
		}

		@GetMapping("/stream")
		@ResponseBody
		StreamingResponseBody stream() {
			return (out) -> {
				out.write("first".getBytes());
				out.flush();
				sleep();
				out.write("second".getBytes());
			};
		}

	}

}
