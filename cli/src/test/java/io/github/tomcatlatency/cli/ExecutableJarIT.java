package io.github.tomcatlatency.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End-to-end tests of the executable jar: {@code java -jar} alone, in its own JVM, on
 * real fat jars, among them the benchmark API application's, which the build packages
 * before this module.
 */
class ExecutableJarIT {

	@TempDir
	Path directory;

	@Test
	void incidentExitsWithOneAndTheVerdict() throws Exception {
		Path jar = TestArchives.fatJar(this.directory, "2.0.3.RELEASE", "spring-boot-2.0.3.RELEASE.jar",
				"tomcat-embed-core-8.5.31.jar", "springfox-swagger-ui-2.9.2.jar");
		Result result = run(jar.toString());
		assertThat(result.status()).isEqualTo(1);
		assertThat(result.err()).isEmpty();
		assertThat(result.out()).contains("Tomcat: 8.5.31")
			.contains("BZ-62968")
			.contains("<tomcat.version>8.5.37</tomcat.version>");
	}

	@Test
	void missingPathExitsWithTwoAndOneLine() throws Exception {
		Result result = run(this.directory.resolve("missing.jar").toString());
		assertThat(result.status()).isEqualTo(2);
		assertThat(result.out()).isEmpty();
		assertThat(result.err().lines()).singleElement().asString().contains("no such file or directory");
	}

	@Test
	void benchmarkApiApplicationsFatJar() throws Exception {
		Path application = Path.of(System.getProperty("api-app.jar"));
		assertThat(application).as("the API application's fat jar: build bench/api-app first").isRegularFile();
		Result result = run("--fail-on", "none", application.toString());
		assertThat(result.status()).isZero();
		assertThat(result.out()).contains("Spring Boot: " + System.getProperty("spring-boot.version"))
			.containsPattern("Tomcat: 11\\.0\\.\\d+ \\(tomcat-embed-core-11\\.0\\.\\d+\\.jar\\)")
			.containsPattern("Static-resource jars \\(\\d+\\): .*swagger-ui-");
	}

	@Test
	void trainRunsTheTrainingsStepsFromTheExecutableJar() throws Exception {
		// A Boot jar by its manifest, with the starter, but nothing to run: the steps up
		// to
		// the extraction run, from the classes the executable jar holds.
		Path jar = TestArchives.zip(this.directory.resolve("app.jar"),
				java.util.Map.of("META-INF/MANIFEST.MF", TestArchives.manifest("4.0.7"),
						"BOOT-INF/lib/tomcat-latency-spring-boot-autoconfigure-0.1.0.jar", new byte[0]),
				true);
		Result result = run("train", jar.toString());
		assertThat(result.status()).isEqualTo(1);
		assertThat(result.err().lines()).singleElement()
			.asString()
			.startsWith("tomcat-latency: JAR: " + jar + " could not be extracted with Spring Boot's jarmode tools");
		assertThat(this.directory.resolve("tomcat-latency")).doesNotExist();
	}

	private Result run(String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
						System.getProperty("cli.jar")));
		command.addAll(List.of(args));
		Path out = this.directory.resolve("out.txt");
		Path err = this.directory.resolve("err.txt");
		Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
				Files.readString(err, StandardCharsets.UTF_8));
	}

	record Result(int status, String out, String err) {

	}

}
