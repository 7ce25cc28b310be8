package io.github.tomcatlatency.compat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A Spring Boot 3 web application with tomcat-latency on its classpath fails at start-up
 * with one clear message, not a class-loading error.
 */
@ExtendWith(OutputCaptureExtension.class)
class SpringBoot3FailsFastTests {

	@Test
	void failsWithOneClearMessage(CapturedOutput output) {
		assertThat(SpringBootVersion.getVersion()).startsWith("3.");
		assertThatIllegalStateException()
			.isThrownBy(() -> SpringApplication.run(Boot3Application.class, "--server.port=0"))
			.withMessage("tomcat-latency requires Spring Boot 4.0 or later but this application runs Spring Boot "
					+ SpringBootVersion.getVersion());
		assertThat(output)
			.contains("APPLICATION FAILED TO START",
					"Upgrade the application to Spring Boot 4.0 or later, or remove tomcat-latency-spring-boot-starter")
			.doesNotContain("ClassNotFoundException", "NoClassDefFoundError");
	}

	@SpringBootApplication
	static class Boot3Application {

	}

}
