package io.github.tomcatlatency.trainer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link LaunchFiles}: the argument file and the script, read by the real
 * {@code java} launcher and {@code sh}.
 */
class LaunchFilesTests {

	@TempDir
	Path directory;

	@Test
	void theLauncherReadsEveryArgumentBackAsWritten() throws Exception {
		List<String> options = List.of("-Dplain=value", "-Dspaced=two words", "-Dquoted=say \"hi\"",
				"-Dslashes=C:\\temp\\x", "-Dhash=#1");
		LaunchFiles.write(this.directory,
				concat(options, "-cp", System.getProperty("java.class.path"), PrintProperties.class.getName()),
				TrainingJdk.of(Path.of(System.getProperty("java.home")), TestNames.NAMES), "CDS archive");
		JavaRun run = JavaRun.run("launch", List.of("sh", this.directory.resolve("start.sh").toString(), "extra"),
				this.directory, this.directory.resolve("launch.log"), Duration.ofSeconds(60));
		assertThat(run.exitStatus()).as(String.join("\n", run.lines())).isZero();
		assertThat(run.lines()).containsExactly("plain=value", "spaced=two words", "quoted=say \"hi\"",
				"slashes=C:\\temp\\x", "hash=#1", "argument=extra");
	}

	@Test
	void scriptIsExecutableAndNamesTheJdk() throws Exception {
		LaunchFiles.write(this.directory, List.of("-jar", "app.jar"),
				TrainingJdk.of(Path.of(System.getProperty("java.home")), TestNames.NAMES), "AOT cache");
		Path script = this.directory.resolve("start.sh");
		assertThat(script).isExecutable();
		assertThat(Files.readString(script)).contains("with its AOT cache")
			.contains("Java " + System.getProperty("java.version"));
	}

	@Test
	void windowsScriptRunsTheArgumentFileFromItsDirectory() throws Exception {
		LaunchFiles.write(this.directory, List.of("-jar", "app.jar"),
				TrainingJdk.of(Path.of(System.getProperty("java.home")), TestNames.NAMES), "AOT cache");
		String script = Files.readString(this.directory.resolve("start.cmd"));
		assertThat(script.split("\r\n")).startsWith("@echo off")
			.contains("cd /d \"%~dp0\" || exit /b 1", "if defined JAVA_HOME set \"JAVA=%JAVA_HOME%\\bin\\java\"",
					"\"%JAVA%\" @java.args %*");
		assertThat(script.replace("\r\n", "")).doesNotContain("\n");
	}

	private static List<String> concat(List<String> first, String... rest) {
		List<String> all = new java.util.ArrayList<>(first);
		all.addAll(List.of(rest));
		return all;
	}

	/**
	 * Prints the properties the argument file set, then its own arguments.
	 */
	public static final class PrintProperties {

		public static void main(String[] arguments) {
			for (String name : List.of("plain", "spaced", "quoted", "slashes", "hash")) {
				System.out.println(name + "=" + System.getProperty(name));
			}
			for (String argument : arguments) {
				System.out.println("argument=" + argument);
			}
		}

	}

}
