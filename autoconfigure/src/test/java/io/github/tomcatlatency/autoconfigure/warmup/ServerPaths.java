package io.github.tomcatlatency.autoconfigure.warmup;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.util.StringUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An application started on a real Tomcat with a context path and a servlet path spelled
 * as its configuration has them, which Spring Boot cleans: what the server-path tests
 * share. The warm-up must use the paths as the running server has them.
 *
 * @param contextPath {@code server.servlet.context-path} as configured
 * @param servletPath {@code spring.mvc.servlet.path} as configured, empty for none
 */
record ServerPaths(String contextPath, String servletPath) {

	/**
	 * Start the application with these paths.
	 * @param security the application's security configuration, or {@code null}
	 * @param more more properties
	 * @return the running application
	 */
	ConfigurableApplicationContext start(Class<?> security, String... more) {
		List<String> properties = new ArrayList<>(List.of("server.port=0",
				"server.servlet.context-path=" + this.contextPath, "tomcat-latency.warmup.traffic-pause=100ms",
				"management.endpoints.web.exposure.include=health", "spring.jpa.open-in-view=false",
				"tomcat-latency.warmup.requests[0].path=" + servletPrefix() + "/hello"));
		if (!this.servletPath.isEmpty()) {
			properties.add("spring.mvc.servlet.path=" + this.servletPath);
		}
		properties.addAll(List.of(more));
		List<Class<?>> sources = new ArrayList<>(List.of(TestApplication.class));
		if (security != null) {
			sources.add(security);
		}
		// Jetty is on the test class path for back-off tests.
		return new SpringApplicationBuilder(sources.toArray(Class<?>[]::new))
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties(properties.toArray(String[]::new))
			.run();
	}

	/**
	 * Return the path of the application's route as its users call it.
	 * @return the path, context path and servlet path included
	 */
	String helloPath() {
		String contextPath = StringUtils.trimTrailingCharacter(this.contextPath, '/');
		return contextPath + servletPrefix() + "/hello";
	}

	private String servletPrefix() {
		return StringUtils.trimTrailingCharacter(this.servletPath, '/');
	}

	/**
	 * Wait for the warm-up to end, its requests after readiness included, and check that
	 * every request warmed its route, the library's health route among them.
	 * @param context the running application
	 */
	static void assertEveryRouteWarmed(ConfigurableApplicationContext context) {
		WarmupRequestMarker marker = context.getBean(WarmupRequestMarker.class);
		await().atMost(60, TimeUnit.SECONDS).until(marker::isFinished);
		WarmupResult result = context.getBean(WarmupRunner.class).getResult();
		assertThat(result.state()).as(result.toString()).isEqualTo(State.COMPLETED);
		assertThat(result.requests()).allSatisfy((request) -> assertThat(request.outcome()).isEqualTo(Outcome.WARMED))
			.extracting(RequestResult::path)
			.anyMatch((path) -> path.endsWith("/actuator/health"))
			.anyMatch((path) -> path.endsWith("/hello"));
	}

	/**
	 * Send a request as the application's users do and return its answer.
	 * @param context the running application
	 * @param path the path
	 * @param headers header names and values
	 * @return the answer
	 * @throws Exception if it cannot be sent
	 */
	static HttpResponse<String> get(ConfigurableApplicationContext context, String path, String... headers)
			throws Exception {
		int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
		if (headers.length > 0) {
			request.headers(headers);
		}
		return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * Check that the log holds no error, no stack trace and no warning of the starter's.
	 * @param output the captured output
	 */
	static void assertQuiet(CapturedOutput output) {
		assertThat(output.getAll().lines()).noneMatch((line) -> line.contains(" ERROR "))
			.noneMatch((line) -> line.startsWith("\tat "))
			.noneMatch((line) -> line.contains(" WARN ") && line.contains("tomcat"));
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(HelloController.class)
	static class TestApplication {

	}

	@RestController
	static class HelloController {

		@GetMapping("/hello")
		String hello() {
			return "hello";
		}

	}

}
