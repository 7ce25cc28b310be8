package io.github.tomcatlatency.warmup;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPublicKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for the warm-up behind Spring Security, on a real embedded Tomcat
 * over real HTTP: the warm-up reaches the starter's own routes through the application's
 * filter chain while it runs, and nothing else is let through, before or after.
 */
@ExtendWith(OutputCaptureExtension.class)
class WarmupSecurityIntegrationTests {

	private final HttpClient client = HttpClient.newHttpClient();

	@ParameterizedTest
	@ValueSource(strings = { "basic", "form", "jwt", "boot-default" })
	void builtInRequestsPassTheApplicationsSecurity(String security, CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = start(security)) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.requests())
				.filteredOn((request) -> request.path().startsWith(WarmupHandlerMapping.PATH_PREFIX))
				.isNotEmpty()
				.allSatisfy(
						(request) -> assertThat(request.outcome()).as(request.toString()).isEqualTo(Outcome.WARMED));
			assertThat(result.requests())
				.filteredOn((request) -> request.path().equals(WarmupHandlerMapping.TASKS_PATH))
				.singleElement()
				.extracting(RequestResult::status)
				.isEqualTo(200);
			assertThat(output.getAll().lines().filter((line) -> line.contains(" ERROR ") || line.contains(" WARN ")))
				.isEmpty();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "basic", "form", "jwt", "boot-default" })
	void everyOtherRequestIsAnsweredAsWithoutTheStarter(String security) throws Exception {
		List<Answer> without;
		try (ConfigurableApplicationContext context = start(security, "tomcat-latency.enabled=false")) {
			without = answers(port(context), null);
		}
		try (ConfigurableApplicationContext context = start(security)) {
			String token = context.getBean(WarmupRequestMarker.class).token();
			// The token itself opens nothing once the warm-up has ended.
			assertThat(answers(port(context), token)).isEqualTo(answers(port(context), null)).isEqualTo(without);
		}
		assertThat(without).extracting(Answer::status).doesNotContain(200);
	}

	@Test
	void aConfiguredRequestTheApplicationRefusesIsReportedAsRefused(CapturedOutput output) {
		HelloController.called.set(0);
		try (ConfigurableApplicationContext context = start("basic", "tomcat-latency.warmup.requests[0].path=/hello")) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).isEqualTo(State.INCOMPLETE);
			assertThat(result.requests()).filteredOn((request) -> request.origin() == Origin.CONFIGURED)
				.singleElement()
				.extracting(RequestResult::status, RequestResult::outcome)
				.containsExactly(401, Outcome.REFUSED);
			assertThat(HelloController.called).hasValue(0);
			assertThat(output).contains("Tomcat warm-up was refused by the application's security")
				.contains("GET /hello (status 401)")
				.doesNotContain(" WARN ");
		}
	}

	@Test
	void aConfiguredRequestWithCredentialsWarmsItsRoute() {
		HelloController.called.set(0);
		try (ConfigurableApplicationContext context = start("basic", "tomcat-latency.warmup.requests[0].path=/hello",
				"tomcat-latency.warmup.requests[0].headers.Authorization=Basic dXNlcjpzZWNyZXQ=")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests())
				.filteredOn((request) -> request.origin() == Origin.CONFIGURED)
				.singleElement()
				.extracting(RequestResult::status, RequestResult::outcome)
				.containsExactly(200, Outcome.WARMED);
			assertThat(HelloController.called).hasValue(1);
		}
	}

	private List<Answer> answers(int port, String token) throws Exception {
		return List.of(get(port, "/hello", token), get(port, WarmupHandlerMapping.TEXT_PATH + "?name=x", token),
				get(port, WarmupHandlerMapping.NOT_FOUND_PATH, token));
	}

	private Answer get(int port, String path, String token) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
		if (token != null) {
			request.header(WarmupRequestMarker.HEADER, token);
		}
		HttpResponse<String> response = this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
		// Each application listens on a port of its own, which links in the answers
		// name.
		return new Answer(response.statusCode(), withoutPort(response.headers().firstValue("Location"), port),
				withoutPort(response.headers().firstValue("WWW-Authenticate"), port));
	}

	private static String withoutPort(Optional<String> header, int port) {
		return header.map((value) -> value.replace(":" + port + "/", ":{port}/")).orElse(null);
	}

	private static ConfigurableApplicationContext start(String security, String... properties) {
		// Jetty is on the test class path for back-off tests; a management context would
		// find both.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "test.security=" + security, "spring.security.user.password=secret",
					"spring.jpa.open-in-view=false")
			.properties(properties)
			.run();
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	record Answer(int status, String location, String authenticate) {

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ HelloController.class, BasicSecurity.class, FormSecurity.class, JwtSecurity.class })
	static class TestApplication {

	}

	@RestController
	static class HelloController {

		static final AtomicInteger called = new AtomicInteger();

		@GetMapping("/hello")
		String hello() {
			called.incrementAndGet();
			return "hello";
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "test.security", havingValue = "basic")
	@Import(HttpBasicSecurity.class)
	static class BasicSecurity {

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "test.security", havingValue = "form")
	static class FormSecurity {

		@Bean
		SecurityFilterChain application(HttpSecurity http) throws Exception {
			return http.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
				.formLogin(Customizer.withDefaults())
				.build();
		}

	}

	// Spring Boot's own resource-server chain: it must stay in place beside the
	// warm-up's.
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "test.security", havingValue = "jwt")
	static class JwtSecurity {

		@Bean
		JwtDecoder jwtDecoder() throws Exception {
			KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
			generator.initialize(2048);
			KeyPair keys = generator.generateKeyPair();
			return NimbusJwtDecoder.withPublicKey((RSAPublicKey) keys.getPublic()).build();
		}

	}

}
