package io.github.tomcatlatency.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.trainer.SpringAot;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link TrainOptions}.
 */
class TrainOptionsTests {

	@Test
	void defaultsAreTheGoalsWithTheOutputBesideTheJar() {
		TrainOptions options = TrainOptions.parse("build/libs/app.jar");
		assertThat(options.jar()).isEqualTo(Path.of("build/libs/app.jar"));
		assertThat(options.output()).isEqualTo(Path.of("build/libs/tomcat-latency").toAbsolutePath());
		assertThat(options.javaHome()).isEqualTo(Path.of(System.getProperty("java.home")));
		assertThat(options.jvmArguments()).isEmpty();
		assertThat(options.springAot()).isEqualTo(SpringAot.AUTO);
		assertThat(options.port()).isZero();
		assertThat(options.timeout()).isEqualTo(Duration.ofSeconds(300));
	}

	@Test
	void everyOptionAndTheApplicationsArgumentsAfterTheSeparator() {
		TrainOptions options = TrainOptions.parse("--output", "build/trained", "--java-home", "/opt/jdk-25",
				"--jvm-arg", "-Xmx512m", "--jvm-arg", "-XX:+UseG1GC", "--spring-aot", "off", "--profile", "training",
				"--property", "tomcat-latency.warmup.requests[0].path=/owners/1", "--property",
				"spring.sql.init.mode=never", "--port", "8099", "--timeout", "120", "app.jar", "--", "--debug",
				"--not-an-option");
		assertThat(options).isEqualTo(new TrainOptions(Path.of("app.jar"), Path.of("build/trained"),
				Path.of("/opt/jdk-25"), List.of("-Xmx512m", "-XX:+UseG1GC"), SpringAot.OFF, List.of("training"),
				Map.of("tomcat-latency.warmup.requests[0].path", "/owners/1", "spring.sql.init.mode", "never"),
				List.of("--debug", "--not-an-option"), 8099, Duration.ofSeconds(120)));
	}

	@Test
	void invalidCommandLinesAreNamed() {
		assertThatIllegalArgumentException().isThrownBy(TrainOptions::parse).withMessageStartingWith("no JAR given");
		assertThatIllegalArgumentException().isThrownBy(() -> TrainOptions.parse("--out", "x", "app.jar"))
			.withMessageStartingWith("unknown option '--out'");
		assertThatIllegalArgumentException().isThrownBy(() -> TrainOptions.parse("a.jar", "b.jar"))
			.withMessageStartingWith("one JAR only, got a.jar and b.jar");
		assertThatIllegalArgumentException().isThrownBy(() -> TrainOptions.parse("--property", "x", "app.jar"))
			.withMessage("--property needs NAME=VALUE, got 'x'");
		assertThatIllegalArgumentException().isThrownBy(() -> TrainOptions.parse("--timeout", "5m", "app.jar"))
			.withMessage("--timeout needs a number, got '5m'");
		assertThatIllegalArgumentException().isThrownBy(() -> TrainOptions.parse("--spring-aot", "on", "app.jar"))
			.withMessage("--spring-aot needs auto or off, got 'on'");
		assertThatIllegalArgumentException().isThrownBy(() -> TrainOptions.parse("app.jar", "--java-home"))
			.withMessageStartingWith("--java-home needs a value");
	}

}
