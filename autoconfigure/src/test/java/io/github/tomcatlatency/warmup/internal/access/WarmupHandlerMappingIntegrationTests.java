package io.github.tomcatlatency.warmup.internal.access;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.WarmupResult.TaskOutcome;
import io.github.tomcatlatency.warmup.WarmupResult.TaskResult;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.View;
import org.springframework.web.servlet.ViewResolver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Integration tests for {@link WarmupHandlerMapping} on a real embedded Tomcat over real
 * HTTP: what its routes answer to the running warm-up, and that nobody else reaches them.
 */
@ExtendWith(OutputCaptureExtension.class)
class WarmupHandlerMappingIntegrationTests {

	private static final String[] PATHS = { WarmupRoutes.TEXT_PATH + "?name=x", WarmupRoutes.JSON_PATH,
			WarmupRoutes.RESOURCE_PATH, WarmupRoutes.VIEW_PATH, WarmupRoutes.TASKS_PATH };

	@Test
	void routesAnswerTheRunningWarmupThroughTheApplicationsConverters() throws Exception {
		try (ConfigurableApplicationContext context = start(TestApplication.class,
				"spring.jackson.property-naming-strategy=SNAKE_CASE")) {
			WarmupRequestMarker marker = context.getBean(WarmupRequestMarker.class);
			marker.setActive(true);
			try {
				int port = port(context);
				assertThat(send(port, "GET", WarmupRoutes.TEXT_PATH + "?name=you", marker.token(), null))
					.extracting(HttpResponse::statusCode, HttpResponse::body)
					.containsExactly(200, "Hello, you!");
				// The application's JSON mapper writes the two-word field in snake case.
				HttpResponse<String> json = send(port, "GET", WarmupRoutes.JSON_PATH, marker.token(), null);
				assertThat(json.statusCode()).isEqualTo(200);
				assertThat(json.body()).contains("\"name\":\"warm-up\"").contains("\"sent_at\":");
				HttpResponse<String> echo = send(port, "POST", WarmupRoutes.JSON_PATH, marker.token(),
						"{\"name\":\"posted\",\"count\":7,\"tags\":[],\"sent_at\":\"2026-01-01T00:00:00Z\"}");
				assertThat(echo.statusCode()).isEqualTo(200);
				assertThat(echo.body()).contains("\"name\":\"posted\"").contains("\"count\":7");
				HttpResponse<String> resource = send(port, "GET", WarmupRoutes.RESOURCE_PATH, marker.token(), null);
				assertThat(resource.statusCode()).isEqualTo(200);
				assertThat(resource.body()).contains("tomcat-latency warm-up");
				assertThat(resource.headers().firstValue("Content-Type"))
					.hasValueSatisfying((type) -> assertThat(type).startsWith("text/css"));
				// Rendered by Thymeleaf, the view technology on the test class path.
				HttpResponse<String> view = send(port, "GET", WarmupRoutes.VIEW_PATH, marker.token(), null);
				assertThat(view.statusCode()).isEqualTo(200);
				// A page of rows, each with a link.
				assertThat(view.body()).contains("\">row-0</a></td>")
					.contains("\">row-99</a></td>")
					.contains("class=\"odd\"");
			}
			finally {
				marker.setActive(false);
			}
		}
	}

	@Test
	void routesAreNotReachableByOutsideTraffic() throws Exception {
		try (ConfigurableApplicationContext context = start(EarlyCallerApplication.class)) {
			// Before the warm-up, once the server listens, even with the token.
			assertThat(context.getBean(EarlyCaller.class).statuses).hasSize(2 * PATHS.length).containsOnly(404);
			WarmupRequestMarker marker = context.getBean(WarmupRequestMarker.class);
			int port = port(context);
			await().atMost(Duration.ofSeconds(60)).until(marker::isFinished);
			for (String path : PATHS) {
				// After the warm-up, even with the token.
				assertThat(send(port, "GET", path, marker.token(), null).statusCode()).isEqualTo(404);
				assertThat(send(port, "GET", path, null, null).statusCode()).isEqualTo(404);
			}
			marker.setActive(true);
			try {
				// While it runs, without the token or with a forged one.
				assertThat(send(port, "GET", WarmupRoutes.JSON_PATH, null, null).statusCode()).isEqualTo(404);
				assertThat(send(port, "GET", WarmupRoutes.JSON_PATH, "forged", null).statusCode()).isEqualTo(404);
			}
			finally {
				marker.setActive(false);
			}
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "framework", "native" })
	void routesAreNotReachableFromAnotherHostThatForwardsLoopbackAsItsClient(String strategy) throws Exception {
		// A connection from this host's other address to loopback: its peer is neither
		// loopback nor the address it connected to, as for a request from another host.
		// The application trusts that peer's X-Forwarded-For, as a proxy's.
		String peer = anotherAddress();
		assumeTrue(peer != null, "no address but loopback to connect from");
		try (ConfigurableApplicationContext context = start(ForwardingApplication.class,
				"server.forward-headers-strategy=" + strategy,
				"server.tomcat.remoteip.internal-proxies=" + peer.replace(".", "\\."))) {
			WarmupRequestMarker marker = context.getBean(WarmupRequestMarker.class);
			int port = port(context);
			await().atMost(Duration.ofSeconds(60)).until(marker::isFinished);
			marker.setActive(true);
			try {
				// The application reads the forwarded address.
				assertThat(sendFrom(peer, port, "/remote-address", null)).endsWith("\r\n\r\n127.0.0.1");
				assertThat(sendFrom(peer, port, WarmupRoutes.JSON_PATH, marker.token())).startsWith("HTTP/1.1 404 ");
				assertThat(send(port, "GET", WarmupRoutes.JSON_PATH, marker.token(), null).statusCode()).isEqualTo(200);
			}
			finally {
				marker.setActive(false);
			}
		}
	}

	@Test
	void viewThatCannotRenderIsSkippedWithoutAnError(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start(FailingViewApplication.class)) {
			// Rendered once before readiness, twice after it.
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.COMPLETED);
			assertThat(result.requests()).filteredOn((request) -> request.path().equals(WarmupRoutes.VIEW_PATH))
				.extracting(RequestResult::status)
				.containsExactly(204, 204, 204);
			assertThat(output).doesNotContain(" ERROR ").doesNotContain("cannot render on purpose");
		}
	}

	@Test
	void noViewRequestWithoutATemplateEngine(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start(
				new FilteredClassLoader("org.eclipse.jetty", "org.thymeleaf"), TestApplication.class,
				"logging.level.io.github.tomcatlatency=debug")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.COMPLETED);
			assertThat(result.requests()).extracting(RequestResult::path)
				.contains(WarmupRoutes.TEXT_PATH + "?name=warm-up")
				.doesNotContain(WarmupRoutes.VIEW_PATH);
			assertThat(output).contains("DEBUG").contains("views, JSP among them, are warmed by the error page only");
		}
	}

	@Test
	void eachTaskIsListedWithItsOutcomeAndOneThatCannotRunIsSaidOnceAtInfo(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start(BrokenTaskApplication.class,
				"spring.jpa.open-in-view=false", "tomcat-latency.warmup.training-repetitions=1")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.COMPLETED);
			assertThat(result.tasks()).extracting(TaskResult::name, TaskResult::outcome)
				.contains(tuple("json-types", TaskOutcome.RAN),
						tuple(BrokenTaskApplication.NAME, TaskOutcome.UNSUPPORTED));
			assertThat(result.tasks()).filteredOn((task) -> task.name().equals(BrokenTaskApplication.NAME))
				.singleElement()
				.extracting(TaskResult::reason)
				.asString()
				.contains("NoSuchMethodError");
			assertThat(output.getAll().lines().filter((line) -> line.contains(BrokenTaskApplication.NAME)))
				.singleElement()
				.asString()
				.contains(" INFO ")
				.contains("cannot run on this application's library versions");
			assertThat(output).doesNotContain(" WARN ").doesNotContain(" ERROR ");
		}
	}

	private static HttpResponse<String> send(int port, String method, String path, String token, String body)
			throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
			.method(method, (body != null) ? BodyPublishers.ofString(body) : BodyPublishers.noBody());
		if (body != null) {
			request.header("Content-Type", "application/json");
		}
		if (token != null) {
			request.header(WarmupRequestMarker.HEADER, token);
		}
		return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static String sendFrom(String address, int port, String path, String token) throws IOException {
		try (Socket socket = new Socket()) {
			socket.bind(new InetSocketAddress(address, 0));
			socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
			socket.setSoTimeout(10_000);
			String request = "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 127.0.0.1\r\n"
					+ ((token != null) ? WarmupRequestMarker.HEADER + ": " + token + "\r\n" : "")
					+ "Connection: close\r\n\r\n";
			socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
			return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	private static @Nullable String anotherAddress() throws SocketException {
		for (NetworkInterface network : Collections.list(NetworkInterface.getNetworkInterfaces())) {
			for (InetAddress address : Collections.list(network.getInetAddresses())) {
				if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
					return address.getHostAddress();
				}
			}
		}
		return null;
	}

	private static ConfigurableApplicationContext start(Class<?> application, String... properties) {
		// Jetty is on the test class path for back-off tests.
		return start(new FilteredClassLoader("org.eclipse.jetty"), application, properties);
	}

	private static ConfigurableApplicationContext start(FilteredClassLoader classLoader, Class<?> application,
			String... properties) {
		return new SpringApplicationBuilder(application).resourceLoader(new DefaultResourceLoader(classLoader))
			.properties("server.port=0", "tomcat-latency.warmup.traffic-pause=100ms")
			.properties(properties)
			.run();
	}

	private static int port(ConfigurableApplicationContext context) {
		return port(context.getEnvironment());
	}

	private static int port(Environment environment) {
		// Set by Spring Boot once the server listens, on every Boot line.
		return environment.getRequiredProperty("local.server.port", Integer.class);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class TestApplication {

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(RemoteAddressController.class)
	static class ForwardingApplication {

	}

	@RestController
	static class RemoteAddressController {

		@GetMapping("/remote-address")
		String remoteAddress(HttpServletRequest request) {
			return request.getRemoteAddr();
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class BrokenTaskApplication {

		static final String NAME = "built-for-another-version";

		// As a task that calls a library method another version of the library lacks.
		@Bean
		WarmupTask brokenTask() {
			return new WarmupTask() {

				@Override
				public String name() {
					return NAME;
				}

				@Override
				public void run() {
					throw new NoSuchMethodError("'void org.example.Library.removedMethod()'");
				}

			};
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class EarlyCallerApplication {

		@Bean
		EarlyCaller earlyCaller(Environment environment, WarmupRequestMarker marker) {
			return new EarlyCaller(environment, marker);
		}

	}

	static class EarlyCaller implements ApplicationListener<ContextRefreshedEvent> {

		private final Environment environment;

		private final WarmupRequestMarker marker;

		final List<Integer> statuses = new ArrayList<>();

		EarlyCaller(Environment environment, WarmupRequestMarker marker) {
			this.environment = environment;
			this.marker = marker;
		}

		@Override
		public void onApplicationEvent(ContextRefreshedEvent event) {
			// The server listens once the context is refreshed; the warm-up starts when
			// the application has started.
			int port = port(this.environment);
			try {
				for (String path : PATHS) {
					this.statuses.add(send(port, "GET", path, null, null).statusCode());
					this.statuses.add(send(port, "GET", path, this.marker.token(), null).statusCode());
				}
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class FailingViewApplication {

		@Bean
		ViewResolver failingViewResolver() {
			return new FailingViewResolver();
		}

	}

	static class FailingViewResolver implements ViewResolver, Ordered {

		@Override
		public View resolveViewName(String viewName, Locale locale) {
			if (!WarmupRoutes.VIEW_NAME.equals(viewName)) {
				return null;
			}
			return new View() {

				@Override
				public void render(Map<String, ?> model, HttpServletRequest request, HttpServletResponse response) {
					throw new IllegalStateException("cannot render on purpose");
				}

			};
		}

		@Override
		public int getOrder() {
			return Ordered.HIGHEST_PRECEDENCE;
		}

	}

}
