package io.github.tomcatlatency.autoconfigure.warmup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.tomcatlatency.autoconfigure.warmup.AddressRestrictionIntegrationTests.RoutesController;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.replay.TrainedRequests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.expression.WebExpressionAuthorizationManager;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for the routes that discovery and the replay of a training's routes
 * leave out because the application's Spring Security lets them through from this host
 * only ({@code hasIpAddress}), and those they send because it lets them through from
 * another host (the stand-in, {@code 192.0.2.1}) too, on a real embedded Tomcat.
 */
@ExtendWith(OutputCaptureExtension.class)
class AddressRestrictionSecurityIntegrationTests {

	@TempDir
	Path cacheDirectory;

	@Test
	void aRouteTheApplicationsSecurityLetsThroughFromThisHostOnlyIsNotDiscovered(CapturedOutput output) {
		try (ConfigurableApplicationContext context = AddressRestrictionIntegrationTests.start(SecuredApplication.class,
				"tomcat-latency.warmup.discover-routes=true")) {
			assertThat(AddressRestrictionIntegrationTests.discovered(context)).doesNotContain("/internal",
					"/this-host-and-another-network");
		}
		assertThat(output)
			.contains("Not sending GET /internal: Spring Security lets it through from 127.0.0.1 only, "
					+ "not from another host")
			.contains("Not sending GET /this-host-and-another-network: Spring Security lets it through from "
					+ "127.0.0.1 only")
			// The start's one INFO line says that the opt-in sent less than it found.
			.containsPattern(
					"; 2 routes not sent \\(GET /[a-z-]+: Spring Security lets it through from 127\\.0\\.0\\.1 "
							+ "only, not from another host; the others at DEBUG\\)");
	}

	@Test
	void aRouteTheApplicationsSecurityLetsThroughFromAnotherHostIsDiscovered() {
		try (ConfigurableApplicationContext context = AddressRestrictionIntegrationTests.start(SecuredApplication.class,
				"tomcat-latency.warmup.discover-routes=true")) {
			Map<String, List<Outcome>> outcomes = AddressRestrictionIntegrationTests.discoveredRequests(context)
				.stream()
				.collect(Collectors.groupingBy(RequestResult::path,
						Collectors.mapping(RequestResult::outcome, Collectors.toList())));
			assertThat(outcomes.get("/anywhere")).containsExactly(Outcome.WARMED, Outcome.WARMED, Outcome.WARMED);
			// Admitted from this host and from 192.0.2.0/24 only: sent only when the
			// other host asked for is the stand-in, not loopback or another address.
			assertThat(outcomes.get("/this-host-and-documentation-network")).containsExactly(Outcome.WARMED,
					Outcome.WARMED, Outcome.WARMED);
			// Refused from this host as from another host outside 192.0.2.0/24: no rule
			// admits this host alone, so it is sent and refused, as a route that needs
			// credentials is.
			assertThat(outcomes.get("/documentation-network")).isNotEmpty().containsOnly(Outcome.REFUSED);
		}
	}

	@Test
	void aRouteTheApplicationsSecurityLetsThroughFromThisHostOnlyIsNotReplayed() throws IOException {
		TrainedRequests.write(this.cacheDirectory,
				List.of("/greeting", "/internal", "/anywhere", "/this-host-and-another-network"));
		try (ConfigurableApplicationContext context = AddressRestrictionIntegrationTests.start(SecuredApplication.class,
				"tomcat-latency.warmup.replay-training=true")) {
			assertThat(TrainedRouteReplayIntegrationTests.requests(context, this.cacheDirectory))
				.filteredOn((request) -> request.origin() != Origin.BUILT_IN)
				.extracting(WarmupRequest::path)
				.containsExactly("/greeting", "/anywhere");
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ RoutesController.class, AddressRoutesController.class })
	static class SecuredApplication {

		@Bean
		SecurityFilterChain application(HttpSecurity http) throws Exception {
			return http
				.authorizeHttpRequests((requests) -> requests.requestMatchers(path("/internal"))
					.access(addresses("'127.0.0.1'", "'::1'"))
					.requestMatchers(path("/this-host-and-another-network"))
					.access(addresses("'127.0.0.1'", "'198.51.100.0/24'"))
					.requestMatchers(path("/this-host-and-documentation-network"))
					.access(addresses("'127.0.0.1'", "'192.0.2.0/24'"))
					.requestMatchers(path("/documentation-network"))
					.access(addresses("'192.0.2.0/24'"))
					.requestMatchers(path("/anywhere"))
					.access(addresses("'0.0.0.0/0'", "'::/0'"))
					.anyRequest()
					.permitAll())
				.build();
		}

		private static RequestMatcher path(String path) {
			return (request) -> request.getRequestURI().endsWith(path);
		}

		private static WebExpressionAuthorizationManager addresses(String... addresses) {
			return new WebExpressionAuthorizationManager(Stream.of(addresses)
				.map((address) -> "hasIpAddress(" + address + ")")
				.collect(Collectors.joining(" or ")));
		}

	}

	@RestController
	static class AddressRoutesController {

		@GetMapping({ "/this-host-and-another-network", "/this-host-and-documentation-network",
				"/documentation-network", "/anywhere" })
		String route() {
			return "Hello";
		}

	}

}
