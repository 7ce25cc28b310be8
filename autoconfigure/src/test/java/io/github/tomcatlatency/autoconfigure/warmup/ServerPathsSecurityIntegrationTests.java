package io.github.tomcatlatency.autoconfigure.warmup;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import org.apache.catalina.connector.RequestFacade;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The warm-up behind Spring Security with every spelling of the context path that Spring
 * Boot accepts and cleans: Spring Security is asked about a library's route with the
 * context path the running server has, so the application starts, the open health route
 * is warmed, a configured request with credentials warms its route, and every other route
 * stays behind HTTP Basic.
 */
@ExtendWith(OutputCaptureExtension.class)
class ServerPathsSecurityIntegrationTests {

	private static final String CREDENTIALS = "Basic "
			+ Base64.getEncoder().encodeToString("user:secret".getBytes(StandardCharsets.UTF_8));

	@ParameterizedTest(name = "context path \"{0}\", servlet path \"{1}\"")
	// Not spring.mvc.servlet.path=/api/: Spring Boot 4's security auto-configuration
	// refuses it, with the starter or without.
	@CsvSource({ "'/x/', ''", "'/', ''", "'', ''", "'/a/b/', ''", "'/x/', '/api'" })
	void theApplicationStartsAndItsSecurityDecidesAsWithoutTheStarter(String contextPath, String servletPath,
			CapturedOutput output) throws Exception {
		ServerPaths paths = new ServerPaths(contextPath, servletPath);
		// The configured request carries the credentials the route asks for.
		try (ConfigurableApplicationContext context = paths.start(HealthOpenSecurity.class,
				"tomcat-latency.warmup.requests[0].headers.Authorization=" + CREDENTIALS)) {
			ServerPaths.assertEveryRouteWarmed(context);
			assertThat(ServerPaths.get(context, paths.helloPath()).statusCode()).isEqualTo(401);
			HttpResponse<String> first = ServerPaths.get(context, paths.helloPath(), "Authorization", CREDENTIALS);
			assertThat(first.statusCode()).isEqualTo(200);
			assertThat(first.body()).isEqualTo("hello");
		}
		ServerPaths.assertQuiet(output);
	}

	@Test
	void securityThatCannotDecideForARequestItDidNotReceiveKeepsTheLibrarysRouteOut(CapturedOutput output)
			throws Exception {
		ServerPaths paths = new ServerPaths("/x/", "");
		try (ConfigurableApplicationContext context = paths.start(UndecidingSecurity.class,
				"tomcat-latency.warmup.requests[0].headers.Authorization=" + CREDENTIALS)) {
			await().atMost(60, TimeUnit.SECONDS).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state()).as(result.toString()).isEqualTo(State.COMPLETED);
			assertThat(result.requests()).extracting(RequestResult::path)
				.contains("/hello")
				.noneMatch((path) -> path.endsWith("/actuator/health"));
			assertThat(ServerPaths.get(context, paths.helloPath(), "Authorization", CREDENTIALS).statusCode())
				.isEqualTo(200);
		}
		ServerPaths.assertQuiet(output);
	}

	/**
	 * HTTP Basic for every route but health, whatever the paths before it.
	 */
	@Configuration(proxyBeanMethods = false)
	static class HealthOpenSecurity {

		@Bean
		SecurityFilterChain application(HttpSecurity http) throws Exception {
			return http
				.authorizeHttpRequests((requests) -> requests
					.requestMatchers((request) -> request.getRequestURI().endsWith("/actuator/health"))
					.permitAll()
					.anyRequest()
					.authenticated())
				.httpBasic(Customizer.withDefaults())
				.build();
		}

		@Bean
		InMemoryUserDetailsManager users() {
			return new InMemoryUserDetailsManager(
					User.withUsername("user").password("{noop}secret").roles("USER").build());
		}

	}

	/**
	 * Security that decides only for requests Tomcat received, as Spring Security 6 does
	 * with a second servlet mapped (an H2 console): asked about any other request, its
	 * matcher throws, with a message of several lines.
	 */
	@Configuration(proxyBeanMethods = false)
	@Import(HealthOpenSecurity.class)
	static class UndecidingSecurity {

		@Bean
		@Order(Ordered.HIGHEST_PRECEDENCE + 1)
		SecurityFilterChain undeciding(HttpSecurity http) throws Exception {
			return http.securityMatcher((request) -> {
				ServletRequest received = request;
				while (received instanceof ServletRequestWrapper wrapper) {
					received = wrapper.getRequest();
				}
				if (!(received instanceof RequestFacade)) {
					throw new IllegalArgumentException("This method cannot decide.\nThere is more than one servlet");
				}
				return false;
			}).authorizeHttpRequests((requests) -> requests.anyRequest().denyAll()).build();
		}

	}

}
