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

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged sample started from the bean definitions that
 * {@code spring-boot:process-aot} generated at its build
 * ({@code -Dspring.aot.enabled=true}), in which Spring AOT fixed the starter's
 * conditions: with the starter on, with a switch of the build turned off at run time, and
 * in training mode, which the build did not have on.
 */
class SpringAotIT {

	// Warm-up timeout (30s) plus graceful shutdown (30s), with room for a busy machine.
	private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(150);

	private static final String AOT = "-Dspring.aot.enabled=true";

	@TempDir
	static Path directory;

	@Test
	@SuppressWarnings("unchecked")
	void starterOnWarmsBeforeReadiness() throws Exception {
		int port = LoggedProcess.freePort();
		try (SampleJar sample = SampleJar.launch("127.0.0.1", port, port, SampleJar.java(AOT))) {
			sample.awaitHealthy();
			Map<String, Object> report = JsonParserFactory.getJsonParser()
				.parseMap(sample.management("/actuator/tomcat-latency").body());
			assertThat((Map<String, Object>) report.get("warmup")).containsEntry("state", "COMPLETED");
			assertThat(report).containsEntry("springAot", true);
			assertThat(sample.get("/greetings/first").statusCode()).isEqualTo(200);
			assertThat(sample.output()).contains("Starting AOT-processed")
				.doesNotContain("APPLICATION FAILED TO START");
		}
	}

	@Test
	void starterTurnedOffAtRunTimeFailsNamingTheSwitchFixedAtBuildTime() throws Exception {
		List<String> command = new ArrayList<>(SampleJar.java(AOT));
		command.addAll(List.of("-jar", sampleJar().toString(), "--server.port=0", "--server.address=127.0.0.1",
				"--tomcat-latency.enabled=false"));
		try (LoggedProcess sample = LoggedProcess.start("sample", command)) {
			assertThat(sample.awaitExit(EXIT_TIMEOUT)).as(sample.output()).isNotZero();
			assertThat(sample.output()).contains("APPLICATION FAILED TO START")
				.contains(
						"tomcat-latency.enabled is false at run time but was true (not set) when Spring AOT processed")
				.contains("-Dtomcat-latency.enabled=false")
				.doesNotContain("Tomcat started on port");
		}
	}

	@Test
	void trainingRunEndsAndRecordsItsRequests() throws Exception {
		Path extracted = extract();
		Path archive = directory.resolve("training/application.jsa");
		Files.createDirectories(archive.getParent());
		List<String> command = new ArrayList<>(SampleJar.java(AOT, "-XX:ArchiveClassesAtExit=" + archive));
		command.addAll(List.of("-jar", extracted.toString(), "--server.port=0", "--server.address=127.0.0.1",
				"--tomcat-latency.warmup.training=true", "--tomcat-latency.warmup.training-repetitions=3"));
		try (LoggedProcess training = LoggedProcess.start("training run", command)) {
			assertThat(training.awaitExit(EXIT_TIMEOUT)).as(training.output()).isZero();
			assertThat(training.output()).contains("Starting AOT-processed")
				.contains("Training run sent")
				.contains("GET /fast x3");
		}
		assertThat(Files.size(archive)).isPositive();
		assertThat(archive.resolveSibling("tomcat-latency-trained-requests.txt")).isRegularFile();
	}

	@BeforeAll
	static void checkJar() {
		assertThat(sampleJar()).isRegularFile();
	}

	private static Path extract() throws Exception {
		Path jar = sampleJar();
		Path destination = directory.resolve("extracted");
		try (LoggedProcess extract = LoggedProcess.start("extract", List.of(SampleJar.java().get(0), "-Djarmode=tools",
				"-jar", jar.toString(), "extract", "--destination", destination.toString()))) {
			assertThat(extract.awaitExit(EXIT_TIMEOUT)).as(extract.output()).isZero();
		}
		return destination.resolve(jar.getFileName());
	}

	private static Path sampleJar() {
		return Path.of(System.getProperty("sample.jar"));
	}

}
