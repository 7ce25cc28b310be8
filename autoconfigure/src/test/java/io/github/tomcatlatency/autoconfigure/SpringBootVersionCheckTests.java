package io.github.tomcatlatency.autoconfigure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Tests for {@link SpringBootVersionCheck} and
 * {@link UnsupportedSpringBootVersionFailureAnalyzer}.
 */
class SpringBootVersionCheckTests {

	@ParameterizedTest
	@ValueSource(strings = { "3.5.7", "3.0.0", "2.7.18", "1.5.22.RELEASE" })
	void failsOnBootOlderThanFour(String version) {
		assertThatExceptionOfType(UnsupportedSpringBootVersionException.class)
			.isThrownBy(() -> SpringBootVersionCheck.check(version))
			.withMessage("tomcat-latency requires Spring Boot 4.0 or later but this application runs Spring Boot "
					+ version);
	}

	@ParameterizedTest
	@ValueSource(strings = { "4.0.0", "4.0.7", "4.1.2", "5.0.0-M1", "custom-build" })
	void passesOnBootFourOrUnrecognisable(String version) {
		assertThatNoException().isThrownBy(() -> SpringBootVersionCheck.check(version));
	}

	@Test
	void passesOnTheBootThisIsBuiltWith() {
		assertThatNoException().isThrownBy(() -> SpringBootVersionCheck.check(SpringBootVersion.getVersion()));
	}

	@Test
	void failureAnalysisSaysWhatToDo() {
		UnsupportedSpringBootVersionException failure = new UnsupportedSpringBootVersionException("3.5.7");
		FailureAnalysis analysis = new UnsupportedSpringBootVersionFailureAnalyzer().analyze(failure);
		assertThat(analysis.getDescription()).contains("requires Spring Boot 4.0 or later", "3.5.7");
		assertThat(analysis.getAction()).contains("Upgrade the application to Spring Boot 4.0 or later");
	}

}
