package io.github.tomcatlatency.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.github.tomcatlatency.cli.TomcatLatencyScannerTests.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TrainCommand} on bad input: each message names the option to change,
 * and nothing is deleted that a training did not write. {@code TrainMojoIntegrationTests}
 * in the Maven plugin runs the executable jar's {@code train} on a real application and
 * compares its output with the goal's.
 */
class TrainCommandTests {

	@TempDir
	Path directory;

	@Test
	void aMissingJarNamesHowToBuildIt() {
		Path jar = this.directory.resolve("build/libs/app.jar");
		Run run = TomcatLatencyScannerTests.run("train", jar.toString());
		assertThat(run.status()).isEqualTo(TrainCommand.FAILED);
		assertThat(run.err()).isEqualTo("tomcat-latency: JAR: " + jar + " does not exist. Build it first (Gradle's "
				+ "bootJar, Maven's package), or point JAR at the application's executable jar.\n");
	}

	@Test
	void aJavaHomeThatIsNoJdkNamesTheOption() throws Exception {
		Run run = TomcatLatencyScannerTests.run("train", "--java-home", this.directory.toString(),
				bootJar().toString());
		assertThat(run.status()).isEqualTo(TrainCommand.FAILED);
		assertThat(run.err()).startsWith("tomcat-latency: --java-home: " + this.directory + " is not a JDK (it needs "
				+ "bin/java, or bin/java.exe on Windows, and a release file). Set --java-home to the JDK");
	}

	@Test
	void anOutputDirectoryNoTrainingWroteIsRefusedAndKept() throws Exception {
		Path project = Files.createDirectories(this.directory.resolve("project"));
		Files.writeString(project.resolve("build.gradle"), "plugins {}");
		Run run = TomcatLatencyScannerTests.run("train", "--output", project.toString(), bootJar().toString());
		assertThat(run.status()).isEqualTo(TrainCommand.FAILED);
		assertThat(run.err()).startsWith("tomcat-latency: --output: " + project + " is not empty and no training "
				+ "wrote it (it has no .tomcat-latency-train file); nothing was deleted. Set --output to a directory");
		assertThat(project.resolve("build.gradle")).hasContent("plugins {}");
	}

	@Test
	void aJarTheToolsCannotExtractFailsWithItsLogBesideTheOutput() throws Exception {
		Run run = TomcatLatencyScannerTests.run("train", bootJar().toString());
		assertThat(run.status()).isEqualTo(TrainCommand.FAILED);
		assertThat(run.err()).contains(" could not be extracted with Spring Boot's jarmode tools");
		assertThat(this.directory.resolve("tomcat-latency")).doesNotExist();
		assertThat(this.directory.resolve("tomcat-latency-extract.log")).isRegularFile();
	}

	@Test
	void anInvalidCommandLineExitsWithTwo() {
		Run run = TomcatLatencyScannerTests.run("train", "--no-such-option", "app.jar");
		assertThat(run.status()).isEqualTo(TrainCommand.BAD_COMMAND_LINE);
		assertThat(run.err()).startsWith("tomcat-latency: unknown option '--no-such-option'; usage: java -jar "
				+ "tomcat-latency-cli.jar train");
	}

	@Test
	void helpPrintsTheUsage() {
		Run run = TomcatLatencyScannerTests.run("train", "--help");
		assertThat(run.status()).isZero();
		assertThat(run.out()).isEqualTo(TrainOptions.USAGE + "\n");
	}

	// A Boot jar by its manifest, with the starter, but nothing to run.
	private Path bootJar() throws Exception {
		return TestArchives.zip(this.directory.resolve("app.jar"),
				Map.of("META-INF/MANIFEST.MF", TestArchives.manifest("4.0.7"),
						"BOOT-INF/lib/tomcat-latency-spring-boot-autoconfigure-0.1.0.jar", new byte[0]),
				true);
	}

}
