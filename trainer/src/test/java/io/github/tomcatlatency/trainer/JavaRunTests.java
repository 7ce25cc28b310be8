package io.github.tomcatlatency.trainer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link JavaRun}.
 */
class JavaRunTests {

	@TempDir
	Path directory;

	@Test
	void reasonIsSpringBootsFailureAnalysisWithoutTheStackTrace() {
		List<String> log = List.of(
				"2026-12-02T04:40:01.000Z ERROR 1 --- [main] o.s.b.d.LoggingFailureAnalysisReporter : ", "",
				"***************************", "APPLICATION FAILED TO START", "***************************", "",
				"Description:", "", "The training run stopped: the warm-up failed:", "GET /x: status 404.", "",
				"Action:", "", "Make every request warm its route.", "", "java.lang.IllegalStateException: boom",
				"\tat Some.frame(Some.java:1)");
		assertThat(JavaRun.reason(log)).isEqualTo("The training run stopped: the warm-up failed: GET /x: status 404. "
				+ "Action: Make every request warm its route.");
	}

	@Test
	void reasonIsTheJvmsOwnErrorLines() {
		// What Java 25 printed for an AOT cache whose jar had another time stamp.
		List<String> log = List.of(
				"[0.026s][warning][aot] This file is not the one used while building the shared archive file: "
						+ "'app.jar', timestamp has changed",
				"[0.026s][error  ][aot] An error has occurred while processing the AOT cache. Run with -Xlog:aot for details.",
				"[0.026s][error  ][aot] shared class paths mismatch (hint: enable -Xlog:class+path=info to diagnose the failure)",
				"Error occurred during initialization of VM");
		assertThat(JavaRun.reason(log)).contains("An error has occurred while processing the AOT cache")
			.contains("shared class paths mismatch")
			.endsWith("Error occurred during initialization of VM")
			.doesNotContain("timestamp");
	}

	@Test
	void reasonIsTheExceptionAndItsDeepestCauseOfARunThatFailedNotTheWarningsOfTheArchiveWrittenAtExit() {
		// A public application's training run on Java 17 (spring-restbucks, processed by
		// Spring AOT on Java 25 with virtual threads on), as its own log format prints
		// it.
		List<String> log = List.of("00:10:05.582 W -     main : Exception encountered during context initialization",
				"00:10:05.639 E -     main : Application run failed", "",
				"org.springframework.context.ApplicationContextException: Unable to start web server",
				"\tat org.springframework.boot.SpringApplication.run(SpringApplication.java:321)",
				"Caused by: java.lang.IllegalStateException: wrapped",
				"\tat org.apache.tomcat.util.threads.VirtualThreadExecutor.<init>(VirtualThreadExecutor.java:43)",
				"\t... 12 common frames omitted", "Caused by: java.lang.UnsupportedOperationException",
				"\tat org.apache.tomcat.util.compat.JreCompat.createVirtualThreadBuilder(JreCompat.java:199)",
				"\t... 20 common frames omitted", "",
				"[17.794s][warning][cds] Pre JDK 6 class not supported by CDS: 49.0 jdk/internal/reflect/Accessor11",
				"[17.860s][warning][cds] Skipping com/tngtech/archunit/core/importer/Processor: Old class has been linked");
		assertThat(JavaRun.reason(log)).isEqualTo("Application run failed: org.springframework.context."
				+ "ApplicationContextException: Unable to start web server; Caused by: java.lang.UnsupportedOperationException");
	}

	@Test
	void reasonIsTheLastLineButTheJvmsWarningsOtherwise() {
		assertThat(JavaRun.reason(List.of("starting", "killed", "[1.5s][warning][cds] Skipping a class", "")))
			.isEqualTo("its last line: killed");
		assertThat(JavaRun.reason(List.of("starting", "killed", ""))).isEqualTo("its last line: killed");
		assertThat(JavaRun.reason(List.of())).isEqualTo("it printed nothing");
	}

	@Test
	void runReturnsTheExitStatusAndTheOutput() throws Exception {
		JavaRun run = JavaRun.run("version", List.of(java(), "-version"), this.directory,
				this.directory.resolve("version.log"), Duration.ofSeconds(60));
		assertThat(run.exitStatus()).isZero();
		assertThat(run.lines()).anyMatch((line) -> line.contains(System.getProperty("java.version")));
	}

	@Test
	void runThatTakesTooLongIsStopped() {
		assertThatExceptionOfType(TrainingException.class)
			.isThrownBy(() -> JavaRun.run("sleeper", List.of(java(), "-cp", classPath(), Sleeper.class.getName()),
					this.directory, this.directory.resolve("sleep.log"), Duration.ofSeconds(1)))
			.withMessageStartingWith("The sleeper did not end within 1 s and was stopped (timeout).");
	}

	@Test
	void logIsReadLenientlyWhateverTheJvmPrinted() throws Exception {
		// This module's tests run with -Dfile.encoding=US-ASCII, as on Java 17 in a
		// C-locale container: neither the UTF-8 nor the Latin-1 byte is ASCII.
		JavaRun run = JavaRun.run("printer", List.of(java(), "-cp", classPath(), PrintBytes.class.getName()),
				this.directory, this.directory.resolve("bytes.log"), Duration.ofSeconds(60));
		assertThat(run.exitStatus()).isZero();
		assertThat(run.lines()).containsExactly("caf\u00e9 in UTF-8", "caf\ufffd in Latin-1",
				"Training run sent 3 warm-up requests");
		assertThat(run.reason()).isEqualTo("its last line: Training run sent 3 warm-up requests");
	}

	@Test
	void theJvmEndsWithTheProcessThatRanIt() throws Exception {
		Path pidFile = this.directory.resolve("sleeper.pid");
		Process parent = new ProcessBuilder(java(), "-cp", classPath(), RunStubbornSleeper.class.getName(),
				this.directory.toString())
			.redirectErrorStream(true)
			.redirectOutput(this.directory.resolve("parent.log").toFile())
			.start();
		ProcessHandle sleeper = null;
		try {
			sleeper = ProcessHandle.of(awaitPid(pidFile)).orElseThrow();
			// What a cancelled CI job sends to Maven: SIGTERM. The sleeper ignores it, so
			// only the kill after the grace period ends it.
			parent.destroy();
			assertThat(parent.waitFor(60, TimeUnit.SECONDS)).isTrue();
			assertThat(sleeper.onExit().get(60, TimeUnit.SECONDS).isAlive()).isFalse();
		}
		finally {
			parent.destroyForcibly();
			if (sleeper != null) {
				sleeper.destroyForcibly();
			}
		}
	}

	private static long awaitPid(Path pidFile) throws Exception {
		for (int i = 0; i < 600; i++) {
			if (Files.isRegularFile(pidFile) && !Files.readString(pidFile).isBlank()) {
				return Long.parseLong(Files.readString(pidFile).trim());
			}
			Thread.sleep(100);
		}
		throw new AssertionError("The sleeper never started");
	}

	private static String classPath() {
		return System.getProperty("java.class.path");
	}

	private static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/**
	 * A JVM that would run for a minute.
	 */
	public static final class Sleeper {

		public static void main(String[] arguments) throws InterruptedException {
			Thread.sleep(60_000);
		}

	}

	/**
	 * Prints a line in UTF-8, one in Latin-1, then what a training run prints.
	 */
	public static final class PrintBytes {

		public static void main(String[] arguments) throws Exception {
			System.out.write("caf\u00e9 in UTF-8\n".getBytes(StandardCharsets.UTF_8));
			System.out.write("caf\u00e9 in Latin-1\n".getBytes(StandardCharsets.ISO_8859_1));
			System.out.write("Training run sent 3 warm-up requests\n".getBytes(StandardCharsets.US_ASCII));
			System.out.flush();
		}

	}

	/**
	 * Runs, as the training does, a JVM that ignores a request to stop and writes its
	 * process id once it would.
	 */
	public static final class RunStubbornSleeper {

		public static void main(String[] arguments) throws Exception {
			Path directory = Path.of(arguments[0]);
			JavaRun.run("stubborn sleeper",
					List.of(java(), "-cp", classPath(), StubbornSleeper.class.getName(),
							directory.resolve("sleeper.pid").toString()),
					directory, directory.resolve("sleeper.log"), Duration.ofMinutes(10));
		}

	}

	/**
	 * A JVM that would run for ten minutes, and keeps running when asked to stop.
	 */
	public static final class StubbornSleeper {

		public static void main(String[] arguments) throws Exception {
			Runtime.getRuntime().addShutdownHook(new Thread(StubbornSleeper::sleep));
			Files.writeString(Path.of(arguments[0]), Long.toString(ProcessHandle.current().pid()));
			sleep();
		}

		private static void sleep() {
			try {
				Thread.sleep(600_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

}
