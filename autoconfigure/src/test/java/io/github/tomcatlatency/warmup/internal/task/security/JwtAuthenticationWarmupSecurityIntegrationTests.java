package io.github.tomcatlatency.warmup.internal.task.security;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.Principal;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.WarmupResult.TaskOutcome;
import io.github.tomcatlatency.warmup.WarmupResult.TaskResult;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for the JWT authentication warm-up, with Spring Security's resource
 * server and a real embedded Tomcat: the task runs before readiness and never calls the
 * application's decoder, whose tokens are still the only ones the application accepts.
 */
@ExtendWith(OutputCaptureExtension.class)
class JwtAuthenticationWarmupSecurityIntegrationTests {

	@BeforeEach
	void reset() {
		TestApplication.decoded.set(0);
	}

	@Test
	void authenticatesBeforeReadinessWithoutTheApplicationsDecoder(CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.COMPLETED);
			assertThat(result.tasks()).filteredOn((task) -> task.name().equals("jwt-authentication"))
				.singleElement()
				.extracting(TaskResult::outcome)
				.isEqualTo(TaskOutcome.RAN);
			assertThat(TestApplication.decoded).hasValue(0);
			assertThat(SecurityContextHolder.getContext().getAuthentication()).isNull();
			int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
			assertThat(get(port, null).statusCode()).isEqualTo(401);
			HttpResponse<String> authenticated = get(port, "Bearer application-token");
			assertThat(authenticated.statusCode()).isEqualTo(200);
			assertThat(authenticated.body()).isEqualTo("application-user");
			assertThat(TestApplication.decoded).hasValue(1);
			assertThat(output).doesNotContain(" ERROR ").doesNotContain(" WARN ");
		}
	}

	@Test
	void noTaskWithoutFrameworkRequests() {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.framework-requests=false")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().tasks())
				.noneMatch((task) -> task.name().equals("jwt-authentication"));
		}
	}

	private static HttpResponse<String> get(int port, String authorization) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/me"));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static ConfigurableApplicationContext start(String... properties) {
		// Jetty is on the test class path for back-off tests.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.jpa.open-in-view=false",
					"spring.thymeleaf.check-template-location=false")
			.properties(properties)
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@RestController
	static class TestApplication {

		static final AtomicInteger decoded = new AtomicInteger();

		@Bean
		SecurityFilterChain securityFilterChain(HttpSecurity http) throws Exception {
			return http.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
				.oauth2ResourceServer((server) -> server.jwt(Customizer.withDefaults()))
				.build();
		}

		@Bean
		JwtDecoder jwtDecoder() {
			return (token) -> {
				decoded.incrementAndGet();
				return Jwt.withTokenValue(token).header("alg", "none").subject("application-user").build();
			};
		}

		@GetMapping("/me")
		String me(Principal principal) {
			return principal.getName();
		}

	}

}
