package io.github.tomcatlatency.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import io.github.tomcatlatency.jvmcache.internal.TrainedCache;
import io.github.tomcatlatency.warmup.internal.replay.TrainedRequests;
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
	void writesTheExtractedApplicationItsCheckedCacheAndTheLaunchLineAsTheCommandLineDoes() throws Exception {
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
		assertThat(application.resolve("start.cmd")).content().contains("\"%JAVA%\" @java.args %*");
		assertThat(output.resolve(".tomcat-latency-train")).isRegularFile();
		TrainedCache trained = TrainedCache.readFor(application.resolve(kind.fileName()));
		assertThat(trained).isNotNull();
		assertThat(trained.kind()).isEqualTo(kind);
		assertThat(trained.javaVersion()).isEqualTo(System.getProperty("java.version"));
		assertThat(trained.sharedClasses()).isPositive().isLessThanOrEqualTo(trained.loadedClasses());
		assertThat(Files.readString(this.build.resolve("tomcat-latency-training.log"))).contains("Training run sent");
		assertThat(output.resolveSibling("tomcat-latency.partial")).doesNotExist();
		// The application's GET routes the training warmed, recorded for production.
		assertThat(Files.readAllLines(application.resolve(TrainedRequests.FILE_NAME))).contains("/hello", "/items");
		assertThat(startedWithCache(application, "--tomcat-latency.warmup.replay-training=true"))
			.contains("GET /hello x3, GET /items x3")
			.containsPattern(", 6 of them replayed from the training in [0-9.]+ ms");
		assertThat(startedWithCache(application)).doesNotContain("/hello").doesNotContain("/items");

		// The command line's train, from the executable jar, on the same jar and JDK.
		Path cliOutput = this.build.resolve("cli/tomcat-latency");
		Path cliLog = this.build.resolve("cli.log");
		Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
				System.getProperty("cli.jar"), "train", "--output", cliOutput.toString(), "--property",
				"tomcat-latency.warmup.training-repetitions=3", REST_APP.toString())
			.redirectErrorStream(true)
			.redirectOutput(cliLog.toFile())
			.start();
		assertThat(cli.waitFor(600, TimeUnit.SECONDS)).isTrue();
		assertThat(cli.exitValue()).as(Files.readString(cliLog)).isZero();
		assertThat(Files.readString(cliLog)).contains("Trained start written to " + cliOutput)
			.contains("Spring AOT: bench-rest-app.jar was built without process-aot");
		// The same files, and the same bytes in each but the cache, which the JVM writes
		// anew each run, and the training's record, whose class counts come from each
		// check start and whose comment holds the time it was written.
		assertThat(files(cliOutput)).isEqualTo(files(output));
		for (Path file : files(output)) {
			if (!file.endsWith(kind.fileName()) && !file.endsWith(TrainedCache.FILE_NAME)) {
				assertThat(cliOutput.resolve(file)).as(file.toString()).hasSameBinaryContentAs(output.resolve(file));
			}
		}
		Path cliApplication = cliOutput.resolve("application");
		assertThat(Files.size(cliApplication.resolve(kind.fileName()))).isPositive();
		TrainedCache cliTrained = TrainedCache.readFor(cliApplication.resolve(kind.fileName()));
		assertThat(cliTrained).isNotNull();
		assertThat(cliTrained.cacheFile()).isEqualTo(trained.cacheFile());
		assertThat(cliTrained.kind()).isEqualTo(trained.kind());
		assertThat(cliTrained.javaVersion()).isEqualTo(trained.javaVersion());
		assertThat(cliTrained.sharedClasses()).isPositive().isLessThanOrEqualTo(cliTrained.loadedClasses());
	}

	/**
	 * Start the trained application as production does, from its launch line, and return
	 * the warm-up's line once it is ready.
	 */
	private String startedWithCache(Path application, String... arguments) throws Exception {
		Path log = Files.createTempFile(this.build, "production", ".log");
		List<String> command = new ArrayList<>(List
			.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "@java.args", "--server.port=0"));
		command.addAll(List.of(arguments));
		Process production = new ProcessBuilder(command).directory(application.toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		try {
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
			while (System.nanoTime() - deadline < 0 && production.isAlive()) {
				Optional<String> sent = Files.readAllLines(log)
					.stream()
					.filter((line) -> line.contains("Tomcat warm-up sent"))
					.findFirst();
				if (sent.isPresent()) {
					return sent.get();
				}
				Thread.sleep(200);
			}
			throw new AssertionError("No warm-up line: " + Files.readString(log));
		}
		finally {
			production.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void aTrainingRunThatFailsFailsTheGoalWithTheStartersMessageAndLeavesNothingBehind() throws Exception {
		Path output = this.build.resolve("tomcat-latency");
		// A previous run's output, which the goal marked as its own.
		Files.createDirectories(output.resolve("application"));
		Files.writeString(output.resolve(".tomcat-latency-train"), "");
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
	void anAotStartThatFailsFailsTheGoalNamingSpringAotAndTheSettingThatTrainsWithoutIt() throws Exception {
		// The jar holds an initializer of its start class that the JVM cannot load:
		// Spring
		// AOT's code that does not match the application as it runs.
		String startClass;
		try (JarFile restApp = new JarFile(REST_APP.toFile())) {
			startClass = restApp.getManifest().getMainAttributes().getValue("Start-Class");
		}
		Path jar = Files.copy(REST_APP, this.build.resolve("bench-rest-app-aot.jar"));
		try (FileSystem zip = FileSystems.newFileSystem(jar)) {
			Path initializer = zip
				.getPath("BOOT-INF/classes/" + startClass.replace('.', '/') + "__ApplicationContextInitializer.class");
			Files.write(initializer, new byte[0]);
		}
		Path output = this.build.resolve("tomcat-latency");
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(() -> train(jar, output).execute())
			.withMessageStartingWith("The training run failed (exit status 1): ")
			.withMessageContaining("__ApplicationContextInitializer")
			.withMessageContaining("The context started from the code Spring AOT generated at the build "
					+ "(-Dspring.aot.enabled=true, as bench-rest-app-aot.jar holds it)")
			.withMessageContaining("or set springAot to off to train without Spring AOT.");
		assertThat(output).doesNotExist();
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
			.withMessage("javaHome: " + this.build + " is not a JDK (it needs bin/java, or bin/java.exe on Windows, "
					+ "and a release file). Set javaHome to the JDK that production runs.");
	}

	@Test
	void anOutputDirectoryTheGoalDidNotWriteIsRefusedAndKept() throws IOException {
		Files.writeString(this.build.resolve("pom.xml"), "<project/>");
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(() -> train(REST_APP, this.build).execute())
			.withMessageStartingWith("outputDirectory: " + this.build + " is not empty and no training wrote it");
		assertThat(this.build.resolve("pom.xml")).hasContent("<project/>");
	}

	@Test
	void skipRunsNothing() throws Exception {
		TrainMojo mojo = train(this.build.resolve("missing.jar"), this.build.resolve("tomcat-latency"));
		ReflectionTestUtils.setField(mojo, "skip", true);
		mojo.execute();
		assertThat(this.build.resolve("tomcat-latency")).doesNotExist();
	}

	// Every file below a directory, relative to it.
	private static List<Path> files(Path directory) throws IOException {
		try (Stream<Path> paths = Files.walk(directory)) {
			return paths.filter(Files::isRegularFile).map(directory::relativize).sorted().toList();
		}
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
