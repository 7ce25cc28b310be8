package io.github.tomcatlatency.autoconfigure.warmup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import io.github.tomcatlatency.autoconfigure.warmup.AddressRestrictionIntegrationTests.RoutesController;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for the routes that discovery and the replay of a training's routes
 * leave out because the application's Spring Security lets them through from this host
 * only ({@code hasIpAddress}), on a real embedded Tomcat.
 */
@ExtendWith(OutputCaptureExtension.class)
class AddressRestrictionSecurityIntegrationTests {

	@TempDir
	Path cacheDirectory;

	@Test
	void aRouteTheApplicationsSecurityLetsThroughFromThisHostOnlyIsNotDiscovered(CapturedOutput output) {
		try (ConfigurableApplicationContext context = AddressRestrictionIntegrationTests.start(SecuredApplication.class,
				"tomcat-latency.warmup.discover-routes=true")) {
			assertThat(AddressRestrictionIntegrationTests.discovered(context)).containsExactly("/greeting", "/greeting",
					"/greeting");
		}
		assertThat(output).contains("Not sending GET /internal: the application's security cannot decide");
	}

	@Test
	void aRouteTheApplicationsSecurityLetsThroughFromThisHostOnlyIsNotReplayed() throws IOException {
		TrainedRequests.write(this.cacheDirectory, List.of("/greeting", "/internal"));
		try (ConfigurableApplicationContext context = AddressRestrictionIntegrationTests.start(SecuredApplication.class,
				"tomcat-latency.warmup.replay-training=true")) {
			assertThat(TrainedRouteReplayIntegrationTests.requests(context, this.cacheDirectory))
				.filteredOn((request) -> request.origin() != Origin.BUILT_IN)
				.extracting(WarmupRequest::path)
				.containsExactly("/greeting");
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(RoutesController.class)
	static class SecuredApplication {

		@Bean
		SecurityFilterChain application(HttpSecurity http) throws Exception {
			return http
				.authorizeHttpRequests((requests) -> requests
					.requestMatchers((request) -> request.getRequestURI().endsWith("/internal"))
					.access(new WebExpressionAuthorizationManager("hasIpAddress('127.0.0.1') or hasIpAddress('::1')"))
					.anyRequest()
					.permitAll())
				.build();
		}

	}

}
