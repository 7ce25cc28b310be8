package io.github.tomcatlatency.trainer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link BootJar}.
 */
class BootJarTests {

	static final String STARTER = "BOOT-INF/lib/tomcat-latency-spring-boot-autoconfigure-0.1.0.jar";

	@TempDir
	Path directory;

	@Test
	void missingJarNamesHowToBuildIt() {
		Path jar = this.directory.resolve("app.jar");
		assertThatExceptionOfType(TrainingException.class).isThrownBy(() -> BootJar.of(jar, TestNames.NAMES))
			.withMessage("jar: " + jar + " does not exist. Build it first, or point jar at the application's "
					+ "executable jar.");
	}

	@Test
	void plainJarIsNoBootJar() throws IOException {
		Path jar = jar(null, "com/example/App.class");
		assertThatExceptionOfType(TrainingException.class).isThrownBy(() -> BootJar.of(jar, TestNames.NAMES))
			.withMessageStartingWith("jar: " + jar + " is not a Spring Boot executable jar");
	}

	@Test
	void bootJarWithTheStarterOfEitherLineIsAccepted() throws Exception {
		assertThat(BootJar
			.of(jar("4.0.7", "BOOT-INF/lib/tomcat-latency-spring-boot-autoconfigure-0.1.0.jar"), TestNames.NAMES)
			.springBootVersion()).isEqualTo("4.0.7");
		assertThat(BootJar
			.of(jar("3.5.7", "BOOT-INF/lib/tomcat-latency-spring-boot3-autoconfigure-0.1.0.jar"), TestNames.NAMES)
			.springBootVersion()).isEqualTo("3.5.7");
	}

	@Test
	void bootJarWithoutTheStarterNamesTheDependency() throws IOException {
		Path jar = jar("4.0.7", "BOOT-INF/lib/spring-boot-4.0.7.jar");
		assertThatExceptionOfType(TrainingException.class).isThrownBy(() -> BootJar.of(jar, TestNames.NAMES))
			.withMessageContaining("does not contain tomcat-latency's starter")
			.withMessageContaining("io.github.tomcatlatency:tomcat-latency-spring-boot-starter");
	}

	@Test
	void bootJarBuiltWithProcessAotHoldsTheInitializerOfItsStartClass() throws Exception {
		Path jar = bootJar(STARTER, "BOOT-INF/classes/com/example/App.class",
				"BOOT-INF/classes/com/example/App__ApplicationContextInitializer.class",
				"BOOT-INF/classes/com/example/App__BeanDefinitions.class",
				"META-INF/native-image/com.example/app/reachability-metadata.json");
		assertThat(BootJar.of(jar, TestNames.NAMES).springAot()).isTrue();
	}

	@Test
	void bootJarBuiltWithoutProcessAotHoldsNoInitializer() throws Exception {
		Path jar = bootJar(STARTER, "BOOT-INF/classes/com/example/App.class");
		assertThat(BootJar.of(jar, TestNames.NAMES).springAot()).isFalse();
	}

	@Test
	void initializerOfAnotherClassThanTheStartClassIsNotTheApplicationsAotCode() throws Exception {
		// Spring Boot loads the start class's initializer only: another one (a library's,
		// a test's) does not start the context.
		Path jar = bootJar(STARTER, "BOOT-INF/classes/com/example/App.class",
				"BOOT-INF/classes/com/example/Other__ApplicationContextInitializer.class",
				"BOOT-INF/lib/library.jar/com/example/App__ApplicationContextInitializer.class");
		assertThat(BootJar.of(jar, TestNames.NAMES).springAot()).isFalse();
	}

	private Path jar(String bootVersion, String entry) throws IOException {
		return jar(this.directory, bootVersion, entry);
	}

	private Path bootJar(String... entries) throws IOException {
		return jar(this.directory, "4.0.7", entries);
	}

	/**
	 * Write a jar with an entry of each name, a Spring Boot jar of start class
	 * {@code com.example.App} by its manifest when a version is given.
	 */
	static Path jar(Path directory, String bootVersion, String... entries) throws IOException {
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		if (bootVersion != null) {
			manifest.getMainAttributes().putValue("Spring-Boot-Version", bootVersion);
			manifest.getMainAttributes().putValue("Start-Class", "com.example.App");
			manifest.getMainAttributes().putValue("Spring-Boot-Classes", "BOOT-INF/classes/");
		}
		Path jar = Files.createTempFile(directory, "app", ".jar");
		try (OutputStream file = Files.newOutputStream(jar);
				JarOutputStream output = new JarOutputStream(file, manifest)) {
			for (String entry : entries) {
				output.putNextEntry(new java.util.jar.JarEntry(entry));
				output.closeEntry();
			}
		}
		return jar;
	}

}
