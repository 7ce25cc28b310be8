package io.github.tomcatlatency.maven;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.apache.maven.plugin.MojoFailureException;
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
	void reasonIsTheLastLineOtherwise() {
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
		assertThatExceptionOfType(MojoFailureException.class)
			.isThrownBy(() -> JavaRun.run("sleeper",
					List.of(java(), "-cp", System.getProperty("java.class.path"), Sleeper.class.getName()),
					this.directory, this.directory.resolve("sleep.log"), Duration.ofSeconds(1)))
			.withMessageStartingWith("The sleeper did not end within 1 s and was stopped (timeout).");
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

}
