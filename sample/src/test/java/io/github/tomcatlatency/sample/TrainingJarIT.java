package io.github.tomcatlatency.sample;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End-to-end tests of training runs on the packaged sample: {@code java -jar} with
 * {@code --tomcat-latency.warmup.training=true} must end by itself, with status 0 after a
 * good warm-up and non-zero otherwise, in the extracted jar layout that the JVM's caches
 * need. The good training runs as users start them with the JVM's options, and the starts
 * with their caches, are the build's own {@code tomcat-latency:train} executions, which
 * {@link TrainedStartIT} checks: they are not run twice.
 */
class TrainingJarIT {

	// Warm-up timeout (30s) plus graceful shutdown (30s), with room for a busy machine.
	private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(150);

	@TempDir
	static Path directory;

	private static Path extractedJar;

	@BeforeAll
	static void extract() throws Exception {
		Path jar = Path.of(System.getProperty("sample.jar"));
		Path destination = directory.resolve("extracted");
		try (LoggedProcess extract = LoggedProcess.start("extract", List.of(java(), "-Djarmode=tools", "-jar",
				jar.toString(), "extract", "--destination", destination.toString()))) {
			assertThat(extract.awaitExit(EXIT_TIMEOUT)).as(extract.output()).isZero();
		}
		extractedJar = destination.resolve(jar.getFileName());
		assertThat(extractedJar).isRegularFile();
	}

	@Test
	void failedWarmupExitsWithANonZeroStatusAndTheReason() throws Exception {
		try (LoggedProcess training = train("--tomcat-latency.warmup.timeout=1s",
				"--tomcat-latency.warmup.requests[0].path=/slow?millis=2000")) {
			assertThat(training.awaitExit(EXIT_TIMEOUT)).as(training.output()).isNotZero();
			assertThat(training.output()).contains("APPLICATION FAILED TO START")
				.contains("tomcat-latency.warmup.training=true")
				.contains("timed out")
				.doesNotContain("Training run sent");
		}
	}

	@Test
	void trainingModeTakesThePlaceOfExitOnRefreshAsCloudNativeBuildpacksRunIt() throws Exception {
		// The buildpack's training run: JVM options from TRAINING_RUN_JAVA_TOOL_OPTIONS,
		// and exit on refresh on its own command line.
		Path archive = directory.resolve("buildpack.jsa");
		try (LoggedProcess training = LoggedProcess.start("buildpack training run",
				List.of(java(), "-XX:ArchiveClassesAtExit=" + archive, "-Dspring.context.exit=onRefresh", "-jar",
						extractedJar.toString()),
				Map.of("JAVA_TOOL_OPTIONS", "-Dtomcat-latency.warmup.training=true -Dserver.port=0 "
						+ "-Dserver.address=127.0.0.1 -Dtomcat-latency.warmup.training-repetitions=3"))) {
			assertThat(training.awaitExit(EXIT_TIMEOUT)).as(training.output()).isZero();
			assertThat(training.output())
				.contains("tomcat-latency.warmup.training=true takes the place of spring.context.exit=onRefresh")
				.contains("Training run sent")
				.contains("GET /fast x3");
		}
		assertThat(Files.size(archive)).isPositive();
	}

	@Test
	void nonWebApplicationFailsInsteadOfTrainingNothing() throws Exception {
		try (LoggedProcess training = train("--spring.main.web-application-type=none")) {
			assertThat(training.awaitExit(EXIT_TIMEOUT)).as(training.output()).isNotZero();
			assertThat(training.output()).contains("APPLICATION FAILED TO START")
				.contains("tomcat-latency.warmup.training=true")
				.contains("not a Spring MVC application on an embedded Tomcat");
		}
	}

	private static LoggedProcess train(String... arguments) throws Exception {
		List<String> command = new ArrayList<>();
		command.add(java());
		command.addAll(List.of("-jar", extractedJar.toString(), "--server.port=0", "--server.address=127.0.0.1",
				"--tomcat-latency.warmup.training=true"));
		command.addAll(List.of(arguments));
		return LoggedProcess.start("training run", command);
	}

	private static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

}
