package io.github.tomcatlatency.autoconfigure.warmup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.autoconfigure.warmup.WarmupRequests.FrameworkDiscovery;
import io.github.tomcatlatency.autoconfigure.warmup.WarmupRequests.FrameworkRoutes;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.internal.replay.TrainedRequests;
import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Integration tests for the requests {@code tomcat-latency.warmup.replay-training} adds
 * from a training's record in a real file, in a running application with the actuator's
 * health on its port.
 */
@ExtendWith(OutputCaptureExtension.class)
class TrainedRouteReplayIntegrationTests {

	@TempDir
	Path cacheDirectory;

	@Test
	void sendsTheRecordedRoutesButTheLibrariesExcludedAndConfiguredOnes() throws IOException {
		TrainedRequests.write(this.cacheDirectory, List.of("/greeting", "/actuator/health", "/actuator/health/liveness",
				"/admin/users", "/configured", "/owners/find?lastName=x"));
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.replay-training=true",
				"tomcat-latency.warmup.exclude[0]=/admin/**", "tomcat-latency.warmup.requests[0].path=/configured")) {
			assertThat(requests(context, this.cacheDirectory))
				.filteredOn((request) -> request.origin() != Origin.BUILT_IN)
				.extracting(WarmupRequest::origin, WarmupRequest::path, WarmupRequest::repetitions)
				.containsExactly(tuple(Origin.CONFIGURED, "/configured", 1), tuple(Origin.REPLAYED, "/greeting", 3),
						tuple(Origin.REPLAYED, "/owners/find?lastName=x", 3));
		}
	}

	@Test
	void aRouteDiscoveryFindsTooIsSentOnce() throws IOException {
		TrainedRequests.write(this.cacheDirectory, List.of("/greeting", "/owners/1"));
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.replay-training=true",
				"tomcat-latency.warmup.discover-routes=true")) {
			assertThat(requests(context, this.cacheDirectory))
				.filteredOn((request) -> request.origin() != Origin.BUILT_IN)
				.extracting(WarmupRequest::path)
				.containsExactly("/greeting", "/owners/1");
		}
	}

	@Test
	void nothingIsReplayedUnlessAskedFor() throws IOException {
		TrainedRequests.write(this.cacheDirectory, List.of("/greeting"));
		try (ConfigurableApplicationContext context = start()) {
			assertThat(requests(context, this.cacheDirectory))
				.allMatch((request) -> request.origin() == Origin.BUILT_IN);
		}
	}

	@Test
	void aRecordThatCannotBeReadIsOneWarningNamingThePropertyAndNothingMore(CapturedOutput output) throws IOException {
		assertReplaysNothingWithOneWarning("GET /greeting\n", "line 1: not a path below the context path", output);
	}

	@Test
	void exclusionsAreMatchedBelowTheDispatcherServletsPathAsDiscoveryMatchesThem() throws IOException {
		// Recorded under spring.mvc.servlet.path=/api: the paths carry it.
		TrainedRequests.write(this.cacheDirectory, List.of("/api/greeting", "/api/admin/purge"));
		try (ConfigurableApplicationContext context = start("spring.mvc.servlet.path=/api",
				"tomcat-latency.warmup.replay-training=true", "tomcat-latency.warmup.exclude[0]=/admin/**")) {
			assertThat(requests(context, this.cacheDirectory))
				.filteredOn((request) -> request.origin() != Origin.BUILT_IN)
				.extracting(WarmupRequest::path)
				.containsExactly("/api/greeting");
		}
	}

	@Test
	void aRecordOfTenThousandLinesIsOneWarningAndNothingMore(CapturedOutput output) throws IOException {
		StringBuilder lines = new StringBuilder();
		for (int i = 0; i < 10_000; i++) {
			lines.append("/greeting").append('\n');
		}
		assertReplaysNothingWithOneWarning(lines.toString(), "more than 1000 requests", output);
	}

	private void assertReplaysNothingWithOneWarning(String record, String problem, CapturedOutput output)
			throws IOException {
		Files.writeString(this.cacheDirectory.resolve(TrainedRequests.FILE_NAME), record, StandardCharsets.UTF_8);
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.replay-training=true")) {
			assertThat(requests(context, this.cacheDirectory))
				.allMatch((request) -> request.origin() == Origin.BUILT_IN);
		}
		assertThat(output.getAll().lines().filter((line) -> line.contains(" WARN "))).singleElement()
			.asString()
			.contains(problem)
			.contains("tomcat-latency.warmup.replay-training=false");
	}

	/**
	 * Return the requests a warm-up of a running application assembles, with a training's
	 * record in a directory.
	 * @param context the application
	 * @param cacheDirectory the directory of the record
	 * @return the requests
	 */
	static List<WarmupRequest> requests(ConfigurableApplicationContext context, Path cacheDirectory) {
		return new WarmupRequests(context.getBean(TomcatLatencyProperties.class).getWarmup(), context,
				context.getBeanProvider(FrameworkRoutes.class),
				context.getBeanProvider(RequestMappingHandlerMapping.class),
				context.getBeanProvider(FrameworkDiscovery.class), context.getBeanProvider(WarmupTask.class),
				context.getBeanProvider(AnonymousAccess.class), context.getBeanProvider(AddressRestriction.class),
				() -> cacheDirectory)
			.get();
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(ReplayApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.jpa.open-in-view=false")
			.properties(properties)
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(GreetingController.class)
	static class ReplayApplication {

	}

	@RestController
	static class GreetingController {

		@GetMapping("/greeting")
		String greeting() {
			return "Hello";
		}

	}

}
