package io.github.tomcatlatency.trainer;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link Training} up to the training run: what it deletes, what it refuses,
 * what a failed step leaves. {@code TrainMojoIntegrationTests} in the Maven plugin runs
 * whole trainings.
 */
class TrainingTests {

	@TempDir
	Path build;

	@Test
	void aNonEmptyOutputDirectoryNoTrainingWroteIsRefusedAndKept() throws Exception {
		Path output = Files.createDirectories(this.build.resolve("project"));
		Files.writeString(output.resolve("pom.xml"), "<project/>");
		assertThatExceptionOfType(TrainingException.class).isThrownBy(() -> training(output).run())
			.withMessage("outputDirectory: " + output + " is not empty and no training wrote it (it has no "
					+ ".tomcat-latency-train file); nothing was deleted. Set outputDirectory to a directory of its own, "
					+ "for example tomcat-latency next to the jar, or delete it yourself.");
		assertThat(output.resolve("pom.xml")).hasContent("<project/>");
	}

	@Test
	void aPartialDirectoryNoTrainingWroteIsRefusedBeforeAnythingIsDeleted() throws Exception {
		Path output = marked(this.build.resolve("tomcat-latency"));
		Path partial = Files.createDirectories(this.build.resolve("tomcat-latency.partial"));
		Files.writeString(partial.resolve("notes.txt"), "mine");
		assertThatExceptionOfType(TrainingException.class).isThrownBy(() -> training(output).run())
			.withMessageStartingWith("outputDirectory: " + partial + " is not empty and no training wrote it");
		assertThat(partial.resolve("notes.txt")).hasContent("mine");
		assertThat(output.resolve("application/java.args")).exists();
	}

	@Test
	void directoriesATrainingWroteAreReplacedAndAFailedStepLeavesNothing() throws Exception {
		Path output = marked(this.build.resolve("tomcat-latency"));
		Path partial = marked(this.build.resolve("tomcat-latency.partial"));
		// A Boot jar by its manifest, but nothing to run: the extraction fails.
		assertThatExceptionOfType(TrainingException.class).isThrownBy(() -> training(output).run())
			.withMessageStartingWith("jar: ")
			.withMessageContaining(" could not be extracted with Spring Boot's jarmode tools");
		assertThat(output).doesNotExist();
		assertThat(partial).doesNotExist();
		assertThat(this.build.resolve("tomcat-latency-extract.log")).exists();
	}

	@Test
	void anEmptyOutputDirectoryIsTaken() throws Exception {
		Path output = Files.createDirectories(this.build.resolve("empty"));
		assertThatExceptionOfType(TrainingException.class).isThrownBy(() -> training(output).run())
			.withMessageContaining(" could not be extracted");
		assertThat(output).doesNotExist();
	}

	private Training training(Path output) throws Exception {
		Path jar = BootJarTests.jar(this.build, "4.0.7",
				"BOOT-INF/lib/tomcat-latency-spring-boot-autoconfigure-0.1.0.jar");
		return new Training(jar, Path.of(System.getProperty("java.home")), output, this.build, TestNames.NAMES);
	}

	private static Path marked(Path directory) throws Exception {
		OutputDirectory.create(directory);
		Files.createDirectories(directory.resolve("application"));
		Files.writeString(directory.resolve("application/java.args"), "stale");
		return directory;
	}

}
