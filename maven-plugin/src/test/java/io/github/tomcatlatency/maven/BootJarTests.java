package io.github.tomcatlatency.maven;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link BootJar}.
 */
class BootJarTests {

	@TempDir
	Path directory;

	@Test
	void missingJarNamesTheRepackageOrder() {
		Path jar = this.directory.resolve("app.jar");
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(() -> BootJar.of(jar))
			.withMessageStartingWith("jar: " + jar + " does not exist. Run the train goal after "
					+ "spring-boot-maven-plugin's repackage");
	}

	@Test
	void plainJarIsNoBootJar() throws IOException {
		Path jar = jar(null, "com/example/App.class");
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(() -> BootJar.of(jar))
			.withMessageStartingWith("jar: " + jar + " is not a Spring Boot executable jar");
	}

	@Test
	void bootJarWithTheStarterOfEitherLineIsAccepted() throws Exception {
		assertThat(BootJar.of(jar("4.0.7", "BOOT-INF/lib/tomcat-latency-spring-boot-autoconfigure-0.1.0.jar"))
			.springBootVersion()).isEqualTo("4.0.7");
		assertThat(BootJar.of(jar("3.5.7", "BOOT-INF/lib/tomcat-latency-spring-boot3-autoconfigure-0.1.0.jar"))
			.springBootVersion()).isEqualTo("3.5.7");
	}

	@Test
	void bootJarWithoutTheStarterNamesTheDependency() throws IOException {
		Path jar = jar("4.0.7", "BOOT-INF/lib/spring-boot-4.0.7.jar");
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(() -> BootJar.of(jar))
			.withMessageContaining("does not contain tomcat-latency's starter")
			.withMessageContaining("io.github.tomcatlatency:tomcat-latency-spring-boot-starter");
	}

	private Path jar(String bootVersion, String entry) throws IOException {
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		if (bootVersion != null) {
			manifest.getMainAttributes().putValue("Spring-Boot-Version", bootVersion);
		}
		Path jar = Files.createTempFile(this.directory, "app", ".jar");
		try (OutputStream file = Files.newOutputStream(jar);
				JarOutputStream output = new JarOutputStream(file, manifest)) {
			output.putNextEntry(new java.util.jar.JarEntry(entry));
			output.closeEntry();
		}
		return jar;
	}

}
