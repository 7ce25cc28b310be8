package io.github.tomcatlatency.cli;

import java.io.IOException;
import java.io.Writer;
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
	void incidentsSbomExitsWithOneAndTheVerdict() throws Exception {
		// The SBOM cyclonedx-maven-plugin wrote for the incident's build, renamed: read
		// as an SBOM for its content, with the shaded Jackson
		Path sbom = Files.copy(SbomScannerTests.fixture("incident-bom.json"), this.directory.resolve("sbom"));
		Result result = run(sbom.toString());
		assertThat(result.status()).isEqualTo(1);
		assertThat(result.err()).isEmpty();
		assertThat(result.out()).contains("Spring Boot: 2.0.3.RELEASE")
			.contains("Tomcat: 8.5.31 (org.apache.tomcat.embed:tomcat-embed-core:8.5.31)")
			.contains("BZ-62968")
			.contains("<tomcat.version>8.5.37</tomcat.version>")
			.contains("Read from: a CycloneDX 1.5 SBOM");
	}

	@Test
	void sbomNearTheSizeLimitIsScannedInASmallHeap() throws Exception {
		// 60 MB of components with long descriptions, Tomcat last: read as a whole,
		// it would not fit in the 32 MB heap
		Path sbom = this.directory.resolve("large-bom.json");
		String description = "d".repeat(20_000);
		try (Writer writer = Files.newBufferedWriter(sbom)) {
			writer.write("{\"bomFormat\": \"CycloneDX\", \"specVersion\": \"1.6\", \"components\": [");
			for (int i = 0; i < 3_000; i++) {
				writer.write("{\"type\": \"library\", \"group\": \"com.example\", \"name\": \"library-" + i
						+ "\", \"version\": \"1.0\", \"description\": \"" + description + "\"},");
			}
			writer.write("{\"group\": \"org.apache.tomcat.embed\", \"name\": \"tomcat-embed-core\", "
					+ "\"version\": \"8.5.31\"}]}");
		}
		assertThat(Files.size(sbom)).isGreaterThan(60L * 1000 * 1000).isLessThan(SbomScanner.MAX_SIZE);
		Result result = runWith(List.of("-Xmx32m"), sbom.toString());
		assertThat(result.err()).isEmpty();
		assertThat(result.status()).isEqualTo(1);
		assertThat(result.out()).contains("Tomcat: 8.5.31").contains("BZ-62968");
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
		return runWith(List.of(), args);
	}

	private Result runWith(List<String> jvmOptions, String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(jvmOptions);
		command.addAll(List.of("-jar", System.getProperty("cli.jar")));
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
