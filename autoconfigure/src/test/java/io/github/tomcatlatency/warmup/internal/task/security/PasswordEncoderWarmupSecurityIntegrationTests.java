package io.github.tomcatlatency.warmup.internal.task.security;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

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
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder.BCryptVersion;
import org.springframework.security.crypto.password.PasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for the password encoder warm-up, with Spring Security on the class
 * path and a real embedded Tomcat: Spring Security's encoder hashes once before
 * readiness, an encoder of the application's own is never called.
 */
@ExtendWith(OutputCaptureExtension.class)
class PasswordEncoderWarmupSecurityIntegrationTests {

	@BeforeEach
	void reset() {
		SaltSource.drawn.set(0);
		OwnEncoder.called.set(0);
	}

	@Test
	void springSecuritysEncoderHashesBeforeReadiness(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("spring-security")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().state()).isEqualTo(State.COMPLETED);
			// BCrypt draws a salt for each password it encodes.
			assertThat(SaltSource.drawn).hasPositiveValue();
			assertThat(output).doesNotContain(" ERROR ").doesNotContain(" WARN ");
		}
	}

	@Test
	void applicationsOwnEncoderIsNeverCalled() {
		try (ConfigurableApplicationContext context = start("own")) {
			assertThat(context.getBean(WarmupRunner.class).getResult().state()).isEqualTo(State.COMPLETED);
			assertThat(OwnEncoder.called).hasValue(0);
		}
	}

	@Test
	void noEncoderCallWithoutFrameworkRequests() {
		try (ConfigurableApplicationContext context = start("spring-security",
				"tomcat-latency.warmup.framework-requests=false")) {
			assertThat(SaltSource.drawn).hasValue(0);
		}
	}

	private static ConfigurableApplicationContext start(String encoder, String... properties) {
		// Jetty is on the test class path for back-off tests.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "test.encoder=" + encoder, "spring.security.user.password=secret",
					"spring.jpa.open-in-view=false", "spring.thymeleaf.check-template-location=false")
			.properties(properties)
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ SpringSecurityEncoder.class, ApplicationEncoder.class })
	static class TestApplication {

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "test.encoder", havingValue = "spring-security")
	static class SpringSecurityEncoder {

		@Bean
		PasswordEncoder passwordEncoder() {
			// The lowest strength: the test wants the call, not the cost.
			return new BCryptPasswordEncoder(BCryptVersion.$2A, 4, new SaltSource());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "test.encoder", havingValue = "own")
	static class ApplicationEncoder {

		@Bean
		PasswordEncoder passwordEncoder() {
			return new OwnEncoder();
		}

	}

	/**
	 * The salts BCrypt draws, counted.
	 */
	static class SaltSource extends SecureRandom {

		static final AtomicInteger drawn = new AtomicInteger();

		@Override
		public void nextBytes(byte[] bytes) {
			drawn.incrementAndGet();
			super.nextBytes(bytes);
		}

	}

	static class OwnEncoder implements PasswordEncoder {

		static final AtomicInteger called = new AtomicInteger();

		@Override
		public String encode(CharSequence rawPassword) {
			called.incrementAndGet();
			return rawPassword.toString();
		}

		@Override
		public boolean matches(CharSequence rawPassword, String encodedPassword) {
			called.incrementAndGet();
			return rawPassword.toString().equals(encodedPassword);
		}

	}

}
