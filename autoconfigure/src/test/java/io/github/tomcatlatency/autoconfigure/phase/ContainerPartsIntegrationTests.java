package io.github.tomcatlatency.autoconfigure.phase;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import io.github.tomcatlatency.autoconfigure.report.TomcatLatencyEndpoint;
import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.phase.internal.ContainerPartMeters;
import io.github.tomcatlatency.report.ContainerParts;
import io.github.tomcatlatency.report.TomcatLatencyReport;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequest;
import io.github.tomcatlatency.report.TomcatLatencyReport.ContainerPartMeans;
import io.github.tomcatlatency.report.TomcatLatencyReport.RoutePhases;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletResponse;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.apache.catalina.Context;
import org.apache.catalina.Engine;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.tomcat.util.descriptor.web.ErrorPage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseBody;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Integration tests for the parts of the container phase, on a real embedded Tomcat over
 * real HTTP: each culprit adds time to the container, and the part it belongs to holds at
 * least 80 % of what it adds, comparing the medians of five requests with and five
 * without it. On every request the parts add up to the container time exactly.
 */
@SpringBootTest(classes = ContainerPartsIntegrationTests.TestApplication.class,
		webEnvironment = WebEnvironment.RANDOM_PORT, properties = { "server.max-http-request-header-size=32KB",
				"management.endpoints.web.exposure.include=tomcatlatency" })
class ContainerPartsIntegrationTests {

	static final long SLEEP_MILLIS = 200;

	private static final int REQUESTS = 5;

	private static final int LARGE_BYTES = 1024 * 1024;

	private static final int SLOW_READS = 20;

	private static final int SEND_BUFFER_BYTES = 64 * 1024;

	private final HttpClient client = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Autowired
	private PartsRecorder recorder;

	@Autowired
	private TomcatLatencyEndpoint endpoint;

	@Autowired
	private MeterRegistry registry;

	@BeforeEach
	void warmUp() throws Exception {
		// The first requests of a JVM are slow in every part; keep them out of the
		// comparisons.
		for (int i = 0; i < REQUESTS; i++) {
			get("/fast");
		}
	}

	@Test
	void valveBeforeTheFiltersIsValvesIn() throws Exception {
		assertCulpritShowsIn("/valve-in", ContainerPart.VALVES_IN);
	}

	@Test
	void valveAfterTheFiltersIsValvesOut() throws Exception {
		assertCulpritShowsIn("/valve-out", ContainerPart.VALVES_OUT);
	}

	@Test
	void slowEightKilobytesOfHeadersAreTheConnector() throws Exception {
		List<Parts> without = requests("/headers", () -> sendWithHeaders("/headers", false));
		List<Parts> with = requests("/headers", () -> sendWithHeaders("/headers", true));
		assertAttributed(with, without, ContainerPart.CONNECTOR);
	}

	@Test
	void clientThatReadsAMegabyteSlowlyHoldsTheServletsWriteNotTheContainer() throws Exception {
		List<Parts> without = requests("/large", () -> readLarge(false));
		List<Parts> with = requests("/large", () -> readLarge(true));
		for (Parts parts : with) {
			assertThat(parts.sum()).isEqualTo(parts.container());
		}
		// The servlet's writes block once the socket's buffers are full, until the client
		// has read all but what they hold: that time is Spring MVC's. The response part
		// keeps only the final flush of Tomcat's buffer, which the socket takes at once.
		long addedMvc = median(with, Parts::mvc) - median(without, Parts::mvc);
		long addedContainer = median(with, Parts::container) - median(without, Parts::container);
		assertThat(addedMvc).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(SLEEP_MILLIS) / 2);
		assertThat(addedMvc).isGreaterThanOrEqualTo((addedMvc + Math.max(addedContainer, 0)) * 8 / 10);
	}

	@Test
	void errorPageDispatchKeepsTheErrorPageOutOfTheContainer() throws Exception {
		List<Parts> boom = requests("/boom", () -> assertThat(get("/boom").statusCode()).isEqualTo(500));
		for (Parts parts : boom) {
			assertThat(parts.sum()).isEqualTo(parts.container());
			// The error page's controller sleeps: that time is Spring MVC's, not the
			// host's dispatch of it.
			assertThat(parts.mvc()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(SLEEP_MILLIS));
			assertThat(parts.container()).isLessThan(TimeUnit.MILLISECONDS.toNanos(SLEEP_MILLIS) / 2);
			assertThat(parts.part(ContainerPart.VALVES_OUT)).isPositive();
		}
	}

	@Test
	void reportNamesThePartThatHeldTheContainerTime() throws Exception {
		requests("/valve-out", () -> get("/valve-out"));
		TomcatLatencyReport report = this.endpoint.report();
		RoutePhases route = report.phases()
			.topRoutes()
			.stream()
			.filter((candidate) -> candidate.route().equals("/valve-out"))
			.findFirst()
			.orElseThrow();
		ContainerPartMeans means = route.phases().containerParts();
		assertThat(means).isNotNull();
		assertThat(means.largest()).isEqualTo("valves-out");
		assertThat(means.valvesOutMs()).isGreaterThanOrEqualTo(SLEEP_MILLIS);
		assertThat(means.connectorMs() + means.valvesInMs() + means.valvesOutMs() + means.responseMs())
			.isCloseTo(route.phases().container().meanMs(), within(0.01));
		ColdRequest cold = report.coldRequests()
			.worstRoutes()
			.stream()
			.filter((candidate) -> candidate.route().equals("/valve-out"))
			.findFirst()
			.orElseThrow();
		ContainerParts first = cold.first().containerParts();
		assertThat(first).isNotNull();
		assertThat(first.largest()).isEqualTo("valves-out");
		assertThat(first.valvesOutMs()).isGreaterThanOrEqualTo(SLEEP_MILLIS);
	}

	@Test
	void containerCauseNamesTheValveThatHeldValvesIn() throws Exception {
		assertCauseNamesSleepingValve("/valve-in", "valves-in");
	}

	@Test
	void containerCauseNamesTheValveThatHeldValvesOut() throws Exception {
		assertCauseNamesSleepingValve("/valve-out", "valves-out");
	}

	private void assertCauseNamesSleepingValve(String path, String part) throws Exception {
		requests(path, () -> get(path));
		ColdRequest cold = this.endpoint.report()
			.coldRequests()
			.worstRoutes()
			.stream()
			.filter((candidate) -> candidate.route().equals(path))
			.findFirst()
			.orElseThrow();
		// The route's first request is the one the cold-request probe measured: its
		// valves were timed one by one.
		ContainerParts first = cold.first().containerParts();
		assertThat(first).isNotNull();
		assertThat(first.largest()).isEqualTo(part);
		assertThat(first.valve()).isEqualTo(SleepingValve.class.getName());
		assertThat(first.valveUnknown()).isNull();
		double partMs = part.equals("valves-in") ? first.valvesInMs() : first.valvesOutMs();
		assertThat(first.valveMs()).isNotNull().isGreaterThanOrEqualTo(partMs * 0.8).isLessThanOrEqualTo(partMs);
	}

	@Test
	void metersSumEachPartForTheApplicationWithoutSeriesPerRoute() throws Exception {
		FunctionTimer valvesIn = partMeter(ContainerPart.VALVES_IN);
		long countBefore = (long) valvesIn.count();
		double nanosBefore = valvesIn.totalTime(TimeUnit.NANOSECONDS);
		requests("/valve-in", () -> get("/valve-in"));
		assertThat((long) valvesIn.count() - countBefore).isGreaterThanOrEqualTo(REQUESTS);
		assertThat(valvesIn.totalTime(TimeUnit.NANOSECONDS) - nanosBefore)
			.isGreaterThanOrEqualTo(REQUESTS * TimeUnit.MILLISECONDS.toNanos(SLEEP_MILLIS));
		for (int i = 0; i < 50; i++) {
			get("/not-there/" + UUID.randomUUID());
		}
		assertThat(this.registry.find(ContainerPartMeters.METER_NAME).functionTimers())
			.hasSize(ContainerPart.values().length);
	}

	@Test
	void flightRecorderEventCarriesThePhasesAndPartsWhenARecordingEnablesIt(@TempDir Path temp) throws Exception {
		Path file = temp.resolve("requests.jfr");
		try (Recording recording = new Recording()) {
			recording.enable("io.github.tomcatlatency.Request");
			recording.start();
			requests("/valve-in", () -> get("/valve-in"));
			recording.stop();
			recording.dump(file);
		}
		List<RecordedEvent> events = RecordingFile.readAllEvents(file)
			.stream()
			.filter((event) -> event.getEventType().getName().equals("io.github.tomcatlatency.Request"))
			.filter((event) -> "/valve-in".equals(event.getString("route")))
			.toList();
		assertThat(events).hasSize(REQUESTS).allSatisfy((event) -> {
			assertThat(event.getString("method")).isEqualTo("GET");
			assertThat(event.getInt("status")).isEqualTo(200);
			assertThat(event.getDuration("valvesIn")).isGreaterThanOrEqualTo(Duration.ofMillis(SLEEP_MILLIS));
			assertThat(event.getDuration("connector")
				.plus(event.getDuration("valvesIn"))
				.plus(event.getDuration("valvesOut"))
				.plus(event.getDuration("response"))).isEqualTo(event.getDuration("container"));
			assertThat(event.getDuration("container").plus(event.getDuration("filters")).plus(event.getDuration("mvc")))
				.isEqualTo(event.getDuration("total"));
		});
	}

	@Test
	void flightRecorderEventIsOffByDefault(@TempDir Path temp) throws Exception {
		Path file = temp.resolve("requests.jfr");
		try (Recording recording = new Recording()) {
			recording.start();
			requests("/fast", () -> get("/fast"));
			recording.stop();
			recording.dump(file);
		}
		assertThat(RecordingFile.readAllEvents(file))
			.noneMatch((event) -> event.getEventType().getName().equals("io.github.tomcatlatency.Request"));
	}

	private FunctionTimer partMeter(ContainerPart part) {
		return this.registry.get(ContainerPartMeters.METER_NAME).tag("part", part.tagValue()).functionTimer();
	}

	private void assertCulpritShowsIn(String path, ContainerPart part) throws Exception {
		List<Parts> without = requests("/fast", () -> get("/fast"));
		List<Parts> with = requests(path, () -> get(path));
		assertAttributed(with, without, part);
	}

	private void assertAttributed(List<Parts> with, List<Parts> without, ContainerPart part) {
		for (Parts parts : with) {
			assertThat(parts.sum()).isEqualTo(parts.container());
		}
		long added = median(with, -1) - median(without, -1);
		// The culprit added its time, less what the baseline's median and Tomcat's
		// reading of the first bytes after the client wrote them take off.
		assertThat(added).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(SLEEP_MILLIS) * 9 / 10);
		long addedToPart = median(with, part.ordinal()) - median(without, part.ordinal());
		assertThat(addedToPart).as(part.tagValue()).isGreaterThanOrEqualTo(added * 8 / 10);
	}

	private List<Parts> requests(String route, Request request) throws Exception {
		List<Parts> recorded = this.recorder.of(route);
		int before = recorded.size();
		for (int i = 0; i < REQUESTS; i++) {
			request.send();
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> recorded.size() >= before + REQUESTS);
		return new ArrayList<>(recorded.subList(before, before + REQUESTS));
	}

	private static long median(List<Parts> parts, int part) {
		return median(parts, (p) -> (part < 0) ? p.container() : p.parts()[part]);
	}

	private static long median(List<Parts> parts, ToLongFunction<Parts> value) {
		long[] values = parts.stream().mapToLong(value).sorted().toArray();
		return values[values.length / 2];
	}

	/**
	 * Read {@link #LARGE_BYTES} from {@code /large} through a small receive buffer, as a
	 * client on a slow link: in chunks {@link #SLEEP_MILLIS} apart in all when
	 * {@code slow}.
	 */
	private void readLarge(boolean slow) throws Exception {
		try (Socket socket = new Socket()) {
			socket.setReceiveBufferSize(4096);
			socket.connect(new InetSocketAddress("localhost", this.port));
			OutputStream out = socket.getOutputStream();
			out.write("GET /large HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] buffer = new byte[8192];
			long read = 0;
			long pauseAt = LARGE_BYTES / SLOW_READS;
			for (int n = in.read(buffer); n != -1; n = in.read(buffer)) {
				read += n;
				if (slow && read >= pauseAt && read < LARGE_BYTES) {
					Thread.sleep(SLEEP_MILLIS / SLOW_READS);
					pauseAt += LARGE_BYTES / SLOW_READS;
				}
			}
			assertThat(read).isGreaterThan(LARGE_BYTES);
		}
	}

	private HttpResponse<String> get(String path) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * Send a request with 8 KB of headers, as a client whose headers arrive in two
	 * halves, {@link #SLEEP_MILLIS} apart when {@code slow}.
	 */
	private void sendWithHeaders(String path, boolean slow) throws Exception {
		StringBuilder half = new StringBuilder();
		for (int i = 0; i < 40; i++) {
			half.append("X-Padding-").append(i).append(": ").append("x".repeat(80)).append("\r\n");
		}
		try (Socket socket = new Socket("localhost", this.port)) {
			OutputStream out = socket.getOutputStream();
			out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + half).getBytes(StandardCharsets.US_ASCII));
			out.flush();
			if (slow) {
				Thread.sleep(SLEEP_MILLIS);
			}
			out.write((half.toString().replace("X-Padding-", "X-More-") + "Connection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			ByteArrayOutputStream response = new ByteArrayOutputStream();
			in.transferTo(response);
			assertThat(response.toString(StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200");
		}
	}

	static void sleep() {
		PhaseMetricsIntegrationTests.sleep(SLEEP_MILLIS);
	}

	@FunctionalInterface
	interface Request {

		void send() throws Exception;

	}

	/**
	 * One request's phases and container parts.
	 */
	record Parts(long container, long mvc, long[] parts) {

		long part(ContainerPart part) {
			return this.parts[part.ordinal()];
		}

		long sum() {
			return Arrays.stream(this.parts).sum();
		}

	}

	/**
	 * Keeps each recorded request's parts by route.
	 */
	static class PartsRecorder implements PhaseRecorder {

		private final Map<String, List<Parts>> byRoute = new ConcurrentHashMap<>();

		@Override
		public void record(Route route, String method, int status, long containerNanos, long filtersNanos,
				long mvcNanos) {
		}

		@Override
		public void record(Route route, String method, int status, CompletedRequest request) {
			long[] parts = new long[ContainerPart.values().length];
			for (ContainerPart part : ContainerPart.values()) {
				parts[part.ordinal()] = request.containerPartNanos(part);
			}
			of(route.uri()).add(new Parts(request.containerNanos(), request.mvcNanos(), parts));
		}

		List<Parts> of(String route) {
			return this.byRoute.computeIfAbsent(route, (key) -> new CopyOnWriteArrayList<>());
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(TestController.class)
	static class TestApplication {

		@Bean
		PartsRecorder partsRecorder() {
			return new PartsRecorder();
		}

		@Bean
		EmbeddedTomcatSetup testContextValves() {
			return new EmbeddedTomcatSetup() {

				@Override
				public void customize(Context context) {
					context.getPipeline().addValve(new SleepingValve());
					// A send buffer of a fixed size, as on a link whose window does not
					// let
					// it grow: Linux grows a loopback socket's beyond a megabyte, where
					// the
					// whole response would wait in the kernel and the request end before
					// the
					// client read it.
					context.addLifecycleListener((event) -> {
						if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())
								&& context.getParent().getParent() instanceof Engine engine) {
							for (Connector connector : engine.getService().findConnectors()) {
								connector.setProperty("socket.txBufSize", String.valueOf(SEND_BUFFER_BYTES));
							}
						}
					});
					// Tomcat's own error page, which its host dispatches to.
					ErrorPage errorPage = new ErrorPage();
					errorPage.setErrorCode(500);
					errorPage.setLocation("/slow-error");
					context.addErrorPage(errorPage);
				}

			};
		}

	}

	/**
	 * A context valve that takes {@link #SLEEP_MILLIS} before the request for
	 * {@code /valve-in} and after it for {@code /valve-out}.
	 */
	static class SleepingValve extends ValveBase {

		SleepingValve() {
			super(true);
		}

		@Override
		public void invoke(org.apache.catalina.connector.Request request, Response response)
				throws IOException, ServletException {
			String uri = request.getDecodedRequestURI();
			if (uri.equals("/valve-in")) {
				sleep();
			}
			getNext().invoke(request, response);
			if (uri.equals("/valve-out")) {
				sleep();
			}
		}

	}

	@Controller
	static class TestController {

		@GetMapping({ "/fast", "/headers", "/valve-in", "/valve-out" })
		@ResponseBody
		String fast() {
			return "fast";
		}

		@GetMapping("/large")
		@ResponseBody
		byte[] large() {
			return new byte[LARGE_BYTES];
		}

		@GetMapping("/boom")
		void boom(HttpServletResponse response) throws IOException {
			response.sendError(500);
		}

		@RequestMapping("/slow-error")
		@ResponseBody
		String slowError() {
			sleep();
			return "error";
		}

	}

}
