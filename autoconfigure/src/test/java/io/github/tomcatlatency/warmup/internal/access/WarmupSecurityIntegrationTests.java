package io.github.tomcatlatency.warmup.internal.access;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import io.github.tomcatlatency.warmup.internal.task.security.HttpBasicSecurity;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
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
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.filter.OncePerRequestFilter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Integration tests for the warm-up behind Spring Security, on a real embedded Tomcat
 * over real HTTP: the warm-up reaches the starter's own routes through the application's
 * filter chain while it runs, and nothing else is let through, before or after.
 */
@ExtendWith(OutputCaptureExtension.class)
class WarmupSecurityIntegrationTests {

	// The auto-configurations of both Boot lines that add a default chain; a class that
	// is not on the class path is ignored in an exclusion.
	private static final List<String> BOOT_CHAINS = List.of(
			"org.springframework.boot.autoconfigure.security.servlet.SecurityAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.security.servlet.ManagementWebSecurityAutoConfiguration",
			"org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
			"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration");

	private final HttpClient client = HttpClient.newHttpClient();

	@ParameterizedTest
	@ValueSource(strings = { "basic", "form", "jwt", "boot-default" })
	void builtInRequestsPassTheApplicationsSecurity(String security, CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = start(security)) {
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.requests()).filteredOn((request) -> request.path().startsWith(WarmupRoutes.PATH_PREFIX))
				.isNotEmpty()
				.allSatisfy(
						(request) -> assertThat(request.outcome()).as(request.toString()).isEqualTo(Outcome.WARMED));
			assertThat(result.requests()).filteredOn((request) -> request.path().equals(WarmupRoutes.TASKS_PATH))
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
		RequestsSeen.reset();
		try (ConfigurableApplicationContext context = start(security)) {
			int port = port(context);
			// The warm-up's requests reached the application's first filter, their
			// token did not.
			assertThat(RequestsSeen.warmup).hasPositiveValue();
			assertThat(RequestsSeen.withToken).hasValue(0);
			// The token of the requests before readiness opens nothing once the
			// application is ready, nor does that of the requests after it once they
			// have been sent.
			String beforeReadiness = RequestsSeen.tokenBeforeReadiness;
			assertThat(beforeReadiness).isNotNull();
			assertThat(answers(port, beforeReadiness)).isEqualTo(without);
			WarmupRequestMarker marker = context.getBean(WarmupRequestMarker.class);
			String afterReadiness = marker.token();
			assertThat(afterReadiness).isNotEqualTo(beforeReadiness);
			await().atMost(Duration.ofSeconds(60)).until(marker::isFinished);
			assertThat(answers(port, afterReadiness)).isEqualTo(answers(port, null)).isEqualTo(without);
		}
		assertThat(without).extracting(Answer::status).doesNotContain(200);
	}

	@Test
	void withNoChainThatTheApplicationHasWithoutTheStarterTheStarterAddsNone() throws Exception {
		// @EnableWebSecurity and no chain of the application's own, Boot's chains left
		// out, as if Boot's security auto-configuration ran after the starter's: Spring
		// Security's own default chain must stay, which a chain of the starter's would
		// replace.
		String[] noBootChains = { "spring.autoconfigure.exclude=" + String.join(",", BOOT_CHAINS) };
		List<Answer> without;
		try (ConfigurableApplicationContext context = start("enable-web-security",
				append(noBootChains, "tomcat-latency.enabled=false"))) {
			without = answers(port(context), null);
		}
		try (ConfigurableApplicationContext context = start("enable-web-security", noBootChains)) {
			assertThat(context.getBeanNamesForType(SecurityFilterChain.class)).isEmpty();
			assertThat(answers(port(context), context.getBean(WarmupRequestMarker.class).token())).isEqualTo(without);
		}
		assertThat(without).extracting(Answer::status).doesNotContain(200);
	}

	@Test
	void aLibrarysRouteTheApplicationRefusesWithoutCredentialsIsNotSent(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("basic")) {
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			// Sent after readiness: the error page, which the warm-up's own chain lets
			// through; the health endpoint, which the application's refuses, is not.
			assertThat(result.requests()).extracting(RequestResult::path)
				.contains(WarmupRoutes.NOT_FOUND_PATH)
				.doesNotContain("/actuator/health");
			assertThat(result.requests()).extracting(RequestResult::outcome).doesNotContain(Outcome.REFUSED);
			assertThat(output).doesNotContain("refused by the application's security");
		}
	}

	@Test
	void theErrorDispatchOfTheNotFoundRouteBelowAServletPathPassesToo() {
		try (ConfigurableApplicationContext context = start("basic", "spring.mvc.servlet.path=/api")) {
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			// The application's error page answers, not its security.
			assertThat(context.getBean(WarmupRunner.class).getResult().requests())
				.filteredOn((request) -> request.path().endsWith(WarmupRoutes.NOT_FOUND_PATH))
				.isNotEmpty()
				.extracting(RequestResult::status)
				.containsOnly(404);
		}
	}

	@Test
	void aLibrarysRouteTheApplicationOpensIsSent() {
		try (ConfigurableApplicationContext context = start("health-open")) {
			await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.requests()).filteredOn((request) -> request.path().equals("/actuator/health"))
				.singleElement()
				.extracting(RequestResult::status)
				.isEqualTo(200);
		}
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
			assertThat(output)
				.contains("; refused by the application's security, so not warmed: GET /hello (status 401)")
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
		return List.of(get(port, "/hello", token), get(port, WarmupRoutes.TEXT_PATH + "?name=x", token),
				get(port, WarmupRoutes.NOT_FOUND_PATH, token));
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

	private static String[] append(String[] properties, String property) {
		String[] all = Arrays.copyOf(properties, properties.length + 1);
		all[properties.length] = property;
		return all;
	}

	private static ConfigurableApplicationContext start(String security, String... properties) {
		// Jetty is on the test class path for back-off tests; a management context would
		// find both.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "test.security=" + security, "spring.security.user.password=secret",
					"spring.jpa.open-in-view=false", "tomcat-latency.warmup.traffic-pause=100ms")
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
	@Import({ RequestsSeen.class, HelloController.class, BasicSecurity.class, HealthOpenSecurity.class,
			EnableWebSecurityOnly.class, FormSecurity.class, JwtSecurity.class })
	static class TestApplication {

	}

	// Sees every request first: counts the warm-up's requests and those that carry its
	// header.
	@Component
	@Order(Ordered.HIGHEST_PRECEDENCE)
	static class RequestsSeen extends OncePerRequestFilter implements ApplicationRunner {

		static final AtomicInteger warmup = new AtomicInteger();

		static final AtomicInteger withToken = new AtomicInteger();

		static volatile @Nullable String tokenBeforeReadiness;

		// None with the starter off.
		private final ObjectProvider<WarmupRequestMarker> marker;

		RequestsSeen(ObjectProvider<WarmupRequestMarker> marker) {
			this.marker = marker;
		}

		static void reset() {
			warmup.set(0);
			withToken.set(0);
			tokenBeforeReadiness = null;
		}

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			if (request.getAttribute(WarmupRequestMarker.ATTRIBUTE) != null) {
				warmup.incrementAndGet();
			}
			if (request.getHeader(WarmupRequestMarker.HEADER) != null) {
				withToken.incrementAndGet();
			}
			chain.doFilter(request, response);
		}

		@Override
		public void run(ApplicationArguments args) {
			// Runners run before readiness, while the first requests' token is current.
			this.marker.ifAvailable((marker) -> tokenBeforeReadiness = marker.token());
		}

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
	@ConditionalOnProperty(name = "test.security", havingValue = "health-open")
	static class HealthOpenSecurity {

		@Bean
		SecurityFilterChain application(HttpSecurity http) throws Exception {
			return http.authorizeHttpRequests(
					(requests) -> requests.requestMatchers("/actuator/health").permitAll().anyRequest().authenticated())
				.httpBasic(Customizer.withDefaults())
				.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "test.security", havingValue = "enable-web-security")
	@EnableWebSecurity
	static class EnableWebSecurityOnly {

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
