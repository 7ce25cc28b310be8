package io.github.tomcatlatency.trainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link TrainingJdk}.
 */
class TrainingJdkTests {

	@TempDir
	Path home;

	@Test
	void theJdkThatRunsTheTestsIsOne() throws TrainingException {
		TrainingJdk jdk = TrainingJdk.of(Path.of(System.getProperty("java.home")), TestNames.NAMES);
		assertThat(jdk.version()).isEqualTo(System.getProperty("java.version"));
		assertThat(jdk.java()).isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java"));
		assertThat(jdk.cacheKind()).isEqualTo(JvmCacheKind.forJava(Runtime.version().feature()));
	}

	@Test
	void aWindowsJdkHasJavaExe() throws Exception {
		release("21.0.5");
		launcher("java.exe");
		TrainingJdk jdk = TrainingJdk.of(this.home, TestNames.NAMES);
		assertThat(jdk.java()).isEqualTo(this.home.resolve("bin/java.exe"));
		assertThat(jdk.cacheKind()).isEqualTo(JvmCacheKind.CDS_ARCHIVE);
		assertThat(jdk).hasToString("Java 21.0.5 (Test)");
	}

	@Test
	void aHomeWithoutALauncherIsNoJdk() throws Exception {
		release("25.0.1");
		Files.createDirectories(this.home.resolve("bin"));
		assertThatExceptionOfType(TrainingException.class).isThrownBy(() -> TrainingJdk.of(this.home, TestNames.NAMES))
			.withMessage("javaHome: " + this.home + " is not a JDK (it needs bin/java, or bin/java.exe on Windows, "
					+ "and a release file). Set javaHome to the JDK that production runs.");
	}

	@Test
	void aJdkOlderThan17IsNamed() throws Exception {
		release("11.0.2");
		launcher("java");
		assertThatExceptionOfType(TrainingException.class).isThrownBy(() -> TrainingJdk.of(this.home, TestNames.NAMES))
			.withMessage("javaHome: " + this.home + " is Java 11.0.2; the starter and its training need Java 17 or "
					+ "later.");
	}

	private void release(String version) throws IOException {
		Files.writeString(this.home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
	}

	private void launcher(String name) throws IOException {
		Path launcher = Files.createDirectories(this.home.resolve("bin")).resolve(name);
		Files.writeString(launcher, "");
		Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
	}

}
