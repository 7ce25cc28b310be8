package io.github.tomcatlatency.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import io.github.tomcatlatency.scan.ApplicationContents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link ArchiveScanner} on applications assembled from real jars.
 */
class ArchiveScannerTests {

	private final ArchiveScanner scanner = new ArchiveScanner();

	@TempDir
	Path directory;

	@Test
	void incidentFatJar() throws Exception {
		Path jar = incident();
		ApplicationContents contents = this.scanner.scan(jar);
		assertThat(contents.location()).isEqualTo(jar.toString());
		assertThat(contents.springBootVersion()).isEqualTo("2.0.3.RELEASE");
		assertThat(contents.tomcatVersion()).isEqualTo("8.5.31");
		assertThat(contents.tomcatArtifact()).isEqualTo("tomcat-embed-core-8.5.31.jar");
		assertThat(contents.staticResourceJars()).containsExactly("springfox-swagger-ui-2.9.2.jar");
	}

	@ParameterizedTest
	@CsvSource({ "1.5.22.RELEASE, 8.5.43", "2.7.18, 9.0.83", "3.5.7, 10.1.48", "4.0.7, 11.0.22" })
	void fatJarOfEachSpringBootLine(String boot, String tomcat) throws Exception {
		Path jar = TestArchives.fatJar(this.directory, boot, "spring-boot-" + boot + ".jar",
				"tomcat-embed-core-" + tomcat + ".jar");
		ApplicationContents contents = this.scanner.scan(jar);
		assertThat(contents.springBootVersion()).isEqualTo(boot);
		assertThat(contents.tomcatVersion()).isEqualTo(tomcat);
		assertThat(contents.staticResourceJars()).isEmpty();
	}

	@ParameterizedTest
	@CsvSource({ "1.5.22.RELEASE, 8.5.43", "2.7.18, 9.0.83" })
	void springBootVersionFromTheSpringBootJarWithoutManifestHeader(String boot, String tomcat) throws Exception {
		// 1.5's jar has Maven's pom.properties, 2.7's only its manifest
		Map<String, byte[]> entries = new LinkedHashMap<>();
		entries.put("META-INF/MANIFEST.MF", TestArchives.manifest(null));
		entries.put("BOOT-INF/lib/spring-boot.jar",
				Files.readAllBytes(TestArchives.jar("spring-boot-" + boot + ".jar")));
		entries.put("BOOT-INF/lib/tomcat.jar",
				Files.readAllBytes(TestArchives.jar("tomcat-embed-core-" + tomcat + ".jar")));
		ApplicationContents contents = this.scanner
			.scan(TestArchives.zip(this.directory.resolve("renamed.jar"), entries, true));
		assertThat(contents.springBootVersion()).isEqualTo(boot);
		assertThat(contents.tomcatVersion()).isEqualTo(tomcat);
		assertThat(contents.tomcatArtifact()).isEqualTo("tomcat.jar");
	}

	@Test
	void warWithCompressedLibrariesAndProvidedCatalina() throws Exception {
		Path war = TestArchives.war(this.directory, new String[] { "spring-boot-2.7.18.jar", "jquery-3.7.1.jar" },
				new String[] { "tomcat-catalina-9.0.83.jar" });
		ApplicationContents contents = this.scanner.scan(war);
		assertThat(contents.springBootVersion()).isEqualTo("2.7.18");
		assertThat(contents.tomcatVersion()).isEqualTo("9.0.83");
		assertThat(contents.tomcatArtifact()).isEqualTo("tomcat-catalina-9.0.83.jar");
		assertThat(contents.staticResourceJars()).containsExactly("jquery-3.7.1.jar");
	}

	@Test
	void explodedFatJar() throws Exception {
		Path exploded = this.directory.resolve("exploded");
		try (ZipFile zip = new ZipFile(incident().toFile())) {
			Enumeration<? extends ZipEntry> entries = zip.entries();
			while (entries.hasMoreElements()) {
				ZipEntry entry = entries.nextElement();
				Path target = exploded.resolve(entry.getName());
				Files.createDirectories(target.getParent());
				try (InputStream input = zip.getInputStream(entry)) {
					Files.copy(input, target);
				}
			}
		}
		ApplicationContents contents = this.scanner.scan(exploded);
		assertThat(contents.springBootVersion()).isEqualTo("2.0.3.RELEASE");
		assertThat(contents.tomcatVersion()).isEqualTo("8.5.31");
		assertThat(contents.staticResourceJars()).containsExactly("springfox-swagger-ui-2.9.2.jar");
	}

	@Test
	void folderOfJars() throws Exception {
		Path lib = Files.createDirectory(this.directory.resolve("lib"));
		Files.copy(TestArchives.jar("tomcat-embed-core-10.1.48.jar"), lib.resolve("tomcat-embed-core-10.1.48.jar"));
		Files.copy(TestArchives.jar("spring-boot-3.5.7.jar"), lib.resolve("spring-boot-3.5.7.jar"));
		ApplicationContents contents = this.scanner.scan(lib);
		assertThat(contents.tomcatVersion()).isEqualTo("10.1.48");
		assertThat(contents.springBootVersion()).isEqualTo("3.5.7");
	}

	@Test
	void plainJar() throws Exception {
		ApplicationContents contents = this.scanner.scan(TestArchives.jar("tomcat-embed-core-11.0.22.jar"));
		assertThat(contents.tomcatVersion()).isEqualTo("11.0.22");
		assertThat(contents.springBootVersion()).isNull();
	}

	@Test
	void jarWithoutTomcat() throws Exception {
		ApplicationContents contents = this.scanner
			.scan(TestArchives.fatJar(this.directory, "4.0.7", "spring-boot-4.0.7.jar"));
		assertThat(contents.tomcatVersion()).isNull();
		assertThat(contents.springBootVersion()).isEqualTo("4.0.7");
	}

	@Test
	void missingPath() {
		Path missing = this.directory.resolve("missing.jar");
		assertThatExceptionOfType(ScanException.class).isThrownBy(() -> this.scanner.scan(missing))
			.withMessage(missing + ": no such file or directory");
	}

	@Test
	void fileThatIsNotAZip() throws IOException {
		Path text = Files.writeString(this.directory.resolve("notes.jar"), "not a zip");
		assertThatExceptionOfType(ScanException.class).isThrownBy(() -> this.scanner.scan(text))
			.withMessageStartingWith(text + ": not a jar, WAR, directory or CycloneDX SBOM");
	}

	@Test
	void corruptStoredNestedJar() throws IOException {
		Path jar = TestArchives.zip(this.directory.resolve("corrupt.jar"),
				Map.of("BOOT-INF/lib/broken.jar", "PK not really a jar".getBytes()), true);
		assertThatExceptionOfType(ScanException.class).isThrownBy(() -> this.scanner.scan(jar))
			.withMessageStartingWith(jar + "!/BOOT-INF/lib/broken.jar: not a readable jar");
	}

	@Test
	void corruptCompressedNestedJar() throws IOException {
		Path war = TestArchives.zip(this.directory.resolve("corrupt.war"),
				Map.of("WEB-INF/lib/broken.jar", "not a jar at all".getBytes()), false);
		assertThatExceptionOfType(ScanException.class).isThrownBy(() -> this.scanner.scan(war))
			.withMessageStartingWith(war + "!/WEB-INF/lib/broken.jar: not a readable jar");
	}

	@Test
	void tooManyNestedJars() throws IOException {
		Map<String, byte[]> entries = new LinkedHashMap<>();
		for (int i = 0; i <= ArchiveScanner.MAX_LIBRARIES; i++) {
			entries.put("BOOT-INF/lib/jar-" + i + ".jar", new byte[0]);
		}
		Path jar = TestArchives.zip(this.directory.resolve("many.jar"), entries, true);
		assertThatExceptionOfType(ScanException.class).isThrownBy(() -> this.scanner.scan(jar))
			.withMessage(jar + ": more than " + ArchiveScanner.MAX_LIBRARIES + " nested jars, not an application");
	}

	private Path incident() throws IOException {
		return TestArchives.fatJar(this.directory, "2.0.3.RELEASE", "spring-boot-2.0.3.RELEASE.jar",
				"tomcat-embed-core-8.5.31.jar", "springfox-swagger-ui-2.9.2.jar");
	}

}
