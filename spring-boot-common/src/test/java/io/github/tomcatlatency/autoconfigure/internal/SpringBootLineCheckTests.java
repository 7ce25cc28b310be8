package io.github.tomcatlatency.autoconfigure.internal;

import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Tests for {@link SpringBootLineCheck}.
 */
class SpringBootLineCheckTests {

	private static final Set<SpringBootLine> BOOT_4_ONLY = EnumSet.of(SpringBootLine.BOOT_4);

	private static final Set<SpringBootLine> BOOT_3_ONLY = EnumSet.of(SpringBootLine.BOOT_3);

	@ParameterizedTest
	@ValueSource(strings = { "4.0.0", "4.0.7", "4.1.2", "5.0.0-M1", "custom-build" })
	void boot4StarterRunsOnBoot4OrUnrecognisable(String version) {
		assertThatNoException()
			.isThrownBy(() -> SpringBootLineCheck.check(SpringBootLine.BOOT_4, version, BOOT_4_ONLY::contains));
	}

	@ParameterizedTest
	@ValueSource(strings = { "3.5.0", "3.5.7", "3.5.16", "custom-build" })
	void boot3StarterRunsOnBoot35OrUnrecognisable(String version) {
		assertThatNoException()
			.isThrownBy(() -> SpringBootLineCheck.check(SpringBootLine.BOOT_3, version, BOOT_3_ONLY::contains));
	}

	@Test
	void boot4StarterOnBoot35NamesTheBoot3Starter() {
		assertThatExceptionOfType(UnsupportedSpringBootVersionException.class)
			.isThrownBy(() -> SpringBootLineCheck.check(SpringBootLine.BOOT_4, "3.5.7", BOOT_4_ONLY::contains))
			.withMessage("tomcat-latency-spring-boot-starter is for Spring Boot 4.x but this application runs "
					+ "Spring Boot 3.5.7")
			.satisfies((failure) -> assertThat(failure.getAction())
				.isEqualTo("Replace it with io.github.tomcatlatency:tomcat-latency-spring-boot3-starter, "
						+ "the starter for Spring Boot 3.5.x."));
	}

	@Test
	void boot3StarterOnBoot4NamesTheBoot4Starter() {
		assertThatExceptionOfType(UnsupportedSpringBootVersionException.class)
			.isThrownBy(() -> SpringBootLineCheck.check(SpringBootLine.BOOT_3, "4.0.7", BOOT_3_ONLY::contains))
			.withMessage("tomcat-latency-spring-boot3-starter is for Spring Boot 3.5.x but this application runs "
					+ "Spring Boot 4.0.7")
			.satisfies((failure) -> assertThat(failure.getAction())
				.contains("io.github.tomcatlatency:tomcat-latency-spring-boot-starter"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "3.4.9", "3.0.0", "2.7.18", "2.0.3.RELEASE", "1.5.22.RELEASE" })
	void olderBootPointsToTheScanner(String version) {
		for (SpringBootLine line : SpringBootLine.values()) {
			assertThatExceptionOfType(UnsupportedSpringBootVersionException.class)
				.isThrownBy(() -> SpringBootLineCheck.check(line, version, EnumSet.of(line)::contains))
				.withMessage("tomcat-latency supports Spring Boot 3.5.x (tomcat-latency-spring-boot3-starter) or "
						+ "4.x (tomcat-latency-spring-boot-starter) but this application runs Spring Boot " + version)
				.satisfies((failure) -> assertThat(failure.getAction()).contains("tomcat-latency-cli",
						"remove " + line.starter()));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "3.5.7", "4.0.7", "custom-build" })
	void bothStartersFailWhateverTheVersion(String version) {
		assertThatExceptionOfType(UnsupportedSpringBootVersionException.class)
			.isThrownBy(() -> SpringBootLineCheck.check(SpringBootLine.BOOT_4, version, (line) -> true))
			.withMessage("The application has two tomcat-latency starters, tomcat-latency-spring-boot3-starter and "
					+ "tomcat-latency-spring-boot-starter, but one Spring Boot line");
	}

	@Test
	void bothStartersOnBoot4KeepsTheBoot4One() {
		assertThatExceptionOfType(UnsupportedSpringBootVersionException.class)
			.isThrownBy(() -> SpringBootLineCheck.check(SpringBootLine.BOOT_3, "4.1.2", (line) -> true))
			.satisfies((failure) -> assertThat(failure.getAction()).isEqualTo(
					"Keep tomcat-latency-spring-boot-starter, the one for Spring Boot 4.x, and remove the other."));
	}

	@Test
	void failureAnalysisSaysWhatToDo() {
		UnsupportedSpringBootVersionException failure = new UnsupportedSpringBootVersionException("the description",
				"the action");
		FailureAnalysis analysis = new UnsupportedSpringBootVersionFailureAnalyzer().analyze(failure);
		assertThat(analysis.getDescription()).isEqualTo("the description.");
		assertThat(analysis.getAction()).isEqualTo("the action");
	}

}
