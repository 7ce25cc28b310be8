package io.github.tomcatlatency.autoconfigure.warmup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.replay.TrainedRequests;
import org.apache.catalina.Valve;
import org.apache.catalina.filters.RemoteAddrFilter;
import org.apache.catalina.valves.RemoteAddrValve;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for the routes that discovery and the replay of a training's routes
 * leave out because the application lets them through from this host only, on a real
 * embedded Tomcat: Tomcat's own address valve and filter (Spring Security's in
 * {@link AddressRestrictionSecurityIntegrationTests}).
 */
@ExtendWith(OutputCaptureExtension.class)
class AddressRestrictionIntegrationTests {

	// What a team writes to keep a route to this host's own tools.
	static final String LOOPBACK_ONLY = "127\\.\\d+\\.\\d+\\.\\d+|::1|0:0:0:0:0:0:0:1";

	@TempDir
	Path cacheDirectory;

	@Test
	void tomcatsAddressValveThatLetsThroughThisHostOnlyKeepsTheApplicationsRoutesFromBeingSent(CapturedOutput output)
			throws IOException {
		TrainedRequests.write(this.cacheDirectory, List.of("/greeting"));
		try (ConfigurableApplicationContext context = start("test.valve=true",
				"tomcat-latency.warmup.discover-routes=true", "tomcat-latency.warmup.replay-training=true")) {
			assertThat(discovered(context)).isEmpty();
			assertThat(TrainedRouteReplayIntegrationTests.requests(context, this.cacheDirectory))
				.allMatch((request) -> request.origin() == Origin.BUILT_IN);
			// The starter's own routes still warm.
			assertThat(context.getBean(WarmupRunner.class).getResult().requests())
				.filteredOn((request) -> request.origin() == Origin.BUILT_IN)
				.isNotEmpty()
				.allMatch((request) -> request.status() != null && request.status() == 200);
		}
		assertThat(output).contains("Not sending GET /greeting: Tomcat's RemoteAddrValve lets it through from "
				+ "127.0.0.1 only, not from another host");
	}

	@Test
	void tomcatsAddressFilterThatLetsThroughThisHostOnlyKeepsTheApplicationsRoutesFromBeingSent(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("test.filter=true",
				"tomcat-latency.warmup.discover-routes=true")) {
			assertThat(discovered(context)).isEmpty();
		}
		assertThat(output)
			.contains("Not sending GET /greeting: Tomcat's RemoteAddrFilter lets it through from "
					+ "127.0.0.1 only, not from another host")
			// The start's one INFO line says that the opt-in sent less than it found.
			.containsPattern("; 2 routes not sent \\(GET /[a-z-]+: Tomcat's RemoteAddrFilter lets it through from "
					+ "127\\.0\\.0\\.1 only, not from another host; the others at DEBUG\\)");
	}

	static List<String> discovered(ConfigurableApplicationContext context) {
		return discoveredRequests(context).stream().map(RequestResult::path).toList();
	}

	static List<RequestResult> discoveredRequests(ConfigurableApplicationContext context) {
		return context.getBean(WarmupRunner.class)
			.getResult()
			.requests()
			.stream()
			.filter((request) -> request.origin() == Origin.DISCOVERED)
			.toList();
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return start(AddressApplication.class, properties);
	}

	static ConfigurableApplicationContext start(Class<?> application, String... properties) {
		return new SpringApplicationBuilder(application)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "server.address=127.0.0.1", "spring.jpa.open-in-view=false",
					"logging.level.io.github.tomcatlatency.autoconfigure.warmup.WarmupRequests=debug")
			.properties(properties)
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ RoutesController.class, ValveConfiguration.class, FilterConfiguration.class })
	static class AddressApplication {

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("test.valve")
	static class ValveConfiguration {

		@Bean
		EmbeddedTomcatSetup loopbackOnlyValve() {
			return new EmbeddedTomcatSetup() {

				@Override
				public List<Valve> engineValves() {
					RemoteAddrValve valve = new RemoteAddrValve();
					valve.setAllow(LOOPBACK_ONLY);
					return List.of(valve);
				}

			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("test.filter")
	static class FilterConfiguration {

		@Bean
		RemoteAddrFilter loopbackOnlyFilter() {
			RemoteAddrFilter filter = new RemoteAddrFilter();
			filter.setAllow(LOOPBACK_ONLY);
			return filter;
		}

	}

	@RestController
	static class RoutesController {

		@GetMapping("/greeting")
		String greeting() {
			return "Hello";
		}

		@GetMapping("/internal")
		String internal() {
			return "for this host's tools";
		}

	}

}
