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
 * A web application whose tomcat-latency starter is not the one for its Spring Boot line
 * fails at start-up with one message that names what to use instead, not with a
 * class-loading error.
 */
@ExtendWith(OutputCaptureExtension.class)
class WrongSpringBootLineFailsFastTests {

	@Test
	void failsWithOneMessageNamingWhatToUse(CapturedOutput output) {
		String expected = System.getProperty("compat.expected");
		assertThat(expected).as("compat.expected").isNotBlank();
		assertThatIllegalStateException()
			.isThrownBy(() -> SpringApplication.run(CompatApplication.class, "--server.port=0"))
			.satisfies((failure) -> assertThat(failure.getClass().getName())
				.isEqualTo("io.github.tomcatlatency.autoconfigure.internal.UnsupportedSpringBootVersionException"));
		String report = output.toString();
		assertThat(report).contains("APPLICATION FAILED TO START")
			.doesNotContain("ClassNotFoundException", "NoClassDefFoundError");
		assertThat(report.substring(report.indexOf("APPLICATION FAILED TO START"))).contains(expected)
			.contains((expected.startsWith("two ")) ? "" : SpringBootVersion.getVersion());
	}

	@SpringBootApplication
	static class CompatApplication {

	}

}
