package io.github.tomcatlatency.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import io.github.tomcatlatency.jvmcache.internal.TrainedCache;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Runs the {@code train} goal for real on the benchmark REST application's fat jar, on
 * the JDK that runs the tests: a real extraction, training run and check start.
 */
class TrainMojoIntegrationTests {

	private static final Path REST_APP = Path.of(System.getProperty("rest-app.jar"));

	@TempDir
	Path build;

	@Test
	void writesTheExtractedApplicationItsCheckedCacheAndTheLaunchLine() throws Exception {
		Path output = this.build.resolve("tomcat-latency");
		train(REST_APP, output).execute();
		Path application = output.resolve("application");
		JvmCacheKind kind = JvmCacheKind.forJava(Runtime.version().feature());
		assertThat(application.resolve(REST_APP.getFileName())).isRegularFile();
		assertThat(application.resolve("lib")).isDirectory();
		assertThat(Files.size(application.resolve(kind.fileName()))).isPositive();
		assertThat(Files.readAllLines(application.resolve("java.args")))
			.containsExactly("-XX:" + kind.vmOption() + "=" + kind.fileName(), "-jar", "bench-rest-app.jar");
		assertThat(application.resolve("start.sh")).isExecutable();
		TrainedCache trained = TrainedCache.readFor(application.resolve(kind.fileName()));
		assertThat(trained).isNotNull();
		assertThat(trained.kind()).isEqualTo(kind);
		assertThat(trained.javaVersion()).isEqualTo(System.getProperty("java.version"));
		assertThat(trained.sharedClasses()).isPositive().isLessThanOrEqualTo(trained.loadedClasses());
		assertThat(Files.readString(this.build.resolve("tomcat-latency-training.log"))).contains("Training run sent");
		assertThat(output.resolveSibling("tomcat-latency.partial")).doesNotExist();
	}

	@Test
	void aTrainingRunThatFailsFailsTheGoalWithTheStartersMessageAndLeavesNothingBehind() throws Exception {
		Path output = this.build.resolve("tomcat-latency");
		Files.createDirectories(output.resolve("application"));
		Files.writeString(output.resolve("application/java.args"), "stale");
		TrainMojo mojo = train(REST_APP, output);
		WarmupRequest missing = new WarmupRequest();
		ReflectionTestUtils.setField(missing, "path", "/no-such-route");
		ReflectionTestUtils.setField(mojo, "warmupRequests", List.of(missing));
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(mojo::execute)
			.withMessageStartingWith("The training run failed (exit status 1): The training run "
					+ "(tomcat-latency.warmup.training=true) stopped")
			.withMessageContaining("GET /no-such-route")
			.withMessageContaining(" Action: Make every built-in and configured warm-up request warm its route")
			.withMessageNotContaining("\tat ");
		assertThat(output).doesNotExist();
		assertThat(output.resolveSibling("tomcat-latency.partial")).doesNotExist();
	}

	@Test
	void aJarWithoutTheStarterFailsTheGoalBeforeAnythingRuns() throws IOException {
		Path withoutStarter = REST_APP.resolveSibling("bench-rest-app-without-starter.jar");
		Path output = this.build.resolve("tomcat-latency");
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(() -> train(withoutStarter, output).execute())
			.withMessageStartingWith("jar: " + withoutStarter + " does not contain tomcat-latency's starter");
		assertThat(output).doesNotExist();
	}

	@Test
	void aJavaHomeThatIsNoJdkFailsTheGoalNamingIt() {
		TrainMojo mojo = train(REST_APP, this.build.resolve("tomcat-latency"));
		ReflectionTestUtils.setField(mojo, "javaHome", this.build.toFile());
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(mojo::execute)
			.withMessage("javaHome: " + this.build + " is not a JDK (no bin/java and release file). "
					+ "Set javaHome to the JDK that production runs.");
	}

	@Test
	void skipRunsNothing() throws Exception {
		TrainMojo mojo = train(this.build.resolve("missing.jar"), this.build.resolve("tomcat-latency"));
		ReflectionTestUtils.setField(mojo, "skip", true);
		mojo.execute();
		assertThat(this.build.resolve("tomcat-latency")).doesNotExist();
	}

	private TrainMojo train(Path jar, Path output) {
		TrainMojo mojo = new TrainMojo();
		ReflectionTestUtils.setField(mojo, "jar", jar.toFile());
		ReflectionTestUtils.setField(mojo, "outputDirectory", output.toFile());
		ReflectionTestUtils.setField(mojo, "buildDirectory", this.build.toFile());
		ReflectionTestUtils.setField(mojo, "javaHome", new File(System.getProperty("java.home")));
		ReflectionTestUtils.setField(mojo, "properties",
				new java.util.LinkedHashMap<>(java.util.Map.of("tomcat-latency.warmup.training-repetitions", "3")));
		ReflectionTestUtils.setField(mojo, "timeout", 300);
		return mojo;
	}

}
