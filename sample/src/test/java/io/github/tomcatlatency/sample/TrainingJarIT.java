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
 * need.
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
	void trainingRunServesTheRoutesThenExitsWithStatusZeroAndTheJvmWritesItsArchive() throws Exception {
		Path archive = directory.resolve("app.jsa");
		try (LoggedProcess training = train(List.of("-XX:ArchiveClassesAtExit=" + archive),
				"--tomcat-latency.warmup.training-repetitions=3")) {
			assertThat(training.awaitExit(EXIT_TIMEOUT)).as(training.output()).isZero();
			assertThat(training.output()).contains("Training run sent")
				.contains("GET /fast x3")
				.contains("GET /filtered x3")
				.contains("GET /greetings/warm-up x3")
				.doesNotContain("ACCEPTING_TRAFFIC");
		}
		assertThat(Files.size(archive)).isPositive();
	}

	@Test
	void onJava25TheTrainingRunWritesAnAotCacheThatTheNextStartUses() throws Exception {
		String java25 = Java25.home().toString();
		Path cache = directory.resolve("app.aot");
		try (LoggedProcess training = train(java(java25), List.of("-XX:AOTCacheOutput=" + cache))) {
			assertThat(training.awaitExit(EXIT_TIMEOUT)).as(training.output()).isZero();
			assertThat(training.output()).contains("Training run sent").contains("GET /fast");
		}
		assertThat(Files.size(cache)).isPositive();
		// AOTMode=on makes the JVM fail rather than start without a cache it cannot use.
		try (LoggedProcess start = LoggedProcess.start("start with the AOT cache",
				List.of(java(java25), "-XX:AOTCache=" + cache, "-XX:AOTMode=on", "-Dspring.context.exit=onRefresh",
						"-jar", extractedJar.toString(), "--server.port=0", "--server.address=127.0.0.1"))) {
			assertThat(start.awaitExit(EXIT_TIMEOUT)).as(start.output()).isZero();
			assertThat(start.output()).contains("Root WebApplicationContext: initialization completed");
		}
	}

	@Test
	void failedWarmupExitsWithANonZeroStatusAndTheReason() throws Exception {
		try (LoggedProcess training = train(List.of(), "--tomcat-latency.warmup.timeout=1s",
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
		try (LoggedProcess training = train(List.of(), "--spring.main.web-application-type=none")) {
			assertThat(training.awaitExit(EXIT_TIMEOUT)).as(training.output()).isNotZero();
			assertThat(training.output()).contains("APPLICATION FAILED TO START")
				.contains("tomcat-latency.warmup.training=true")
				.contains("not a Spring MVC application on an embedded Tomcat");
		}
	}

	private static LoggedProcess train(List<String> jvmOptions, String... arguments) throws Exception {
		return train(java(), jvmOptions, arguments);
	}

	private static LoggedProcess train(String java, List<String> jvmOptions, String... arguments) throws Exception {
		List<String> command = new ArrayList<>();
		command.add(java);
		command.addAll(jvmOptions);
		command.addAll(List.of("-jar", extractedJar.toString(), "--server.port=0", "--server.address=127.0.0.1",
				"--tomcat-latency.warmup.training=true"));
		command.addAll(List.of(arguments));
		return LoggedProcess.start("training run", command);
	}

	private static String java() {
		return java(System.getProperty("java.home"));
	}

	private static String java(String javaHome) {
		return Path.of(javaHome, "bin", "java").toString();
	}

}
