package io.github.tomcatlatency.cli;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.tomcatlatency.scan.ApplicationContents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link SbomScanner} on SBOMs that cyclonedx-maven-plugin 2.9 wrote (trimmed
 * to a few components, in {@code src/test/resources/sbom}), on variants of them, and on
 * hostile files.
 */
class SbomScannerTests {

	private final SbomScanner scanner = new SbomScanner();

	@TempDir
	Path directory;

	@Test
	void incidentMakeBomSpec15() throws Exception {
		Path bom = fixture("incident-bom.json");
		SbomScanner.Sbom sbom = this.scanner.scan(bom);
		assertThat(sbom.specVersion()).isEqualTo("1.5");
		ApplicationContents contents = single(sbom);
		assertThat(contents.location()).isEqualTo(bom.toString());
		assertThat(contents.tomcatVersion()).isEqualTo("8.5.31");
		assertThat(contents.tomcatArtifact()).isEqualTo("org.apache.tomcat.embed:tomcat-embed-core:8.5.31");
		assertThat(contents.springBootVersion()).isEqualTo("2.0.3.RELEASE");
		assertThat(contents.staticResourceJars()).containsExactly("springfox-swagger-ui-2.9.2.jar");
	}

	@Test
	void springBootsEmbeddedSbomSpec16() throws Exception {
		// META-INF/sbom/application.cdx.json, as spring-boot-starter-parent 4.0.7 has the
		// plugin's makeAggregateBom write it
		SbomScanner.Sbom sbom = this.scanner.scan(fixture("application.cdx.json"));
		assertThat(sbom.specVersion()).isEqualTo("1.6");
		ApplicationContents contents = single(sbom);
		assertThat(contents.tomcatVersion()).isEqualTo("11.0.22");
		assertThat(contents.springBootVersion()).isEqualTo("4.0.7");
		assertThat(contents.staticResourceJars()).containsExactly("jquery-3.7.1.jar");
	}

	@Test
	void warWithProvidedCatalinaSpec14() throws Exception {
		SbomScanner.Sbom sbom = this.scanner.scan(fixture("war-bom.json"));
		assertThat(sbom.specVersion()).isEqualTo("1.4");
		ApplicationContents contents = single(sbom);
		assertThat(contents.tomcatVersion()).isEqualTo("9.0.83");
		assertThat(contents.tomcatArtifact()).isEqualTo("org.apache.tomcat:tomcat-catalina:9.0.83");
		assertThat(contents.springBootVersion()).isEqualTo("2.7.18");
		assertThat(contents.staticResourceJars()).isEmpty();
	}

	@Test
	void aggregateOfTwoApplicationsGivesOneVerdictPerTomcatWithItsSpringBoot() throws Exception {
		// makeAggregateBom over a module on Boot 2.7.18 and one on Boot 3.5.7
		List<ApplicationContents> applications = this.scanner.scan(fixture("aggregate-bom.json")).applications();
		assertThat(applications).extracting(ApplicationContents::tomcatVersion).containsExactly("9.0.83", "10.1.48");
		assertThat(applications).extracting(ApplicationContents::springBootVersion).containsExactly("2.7.18", "3.5.7");
	}

	@Test
	void severalSpringBootVersionsNoneOfWhichDependsOnTheTomcatGiveNone() throws Exception {
		Path bom = bom("""
				{"group": "org.springframework.boot", "name": "spring-boot", "version": "2.7.18"},
				{"group": "org.springframework.boot", "name": "spring-boot", "version": "3.5.7"},
				{"group": "org.apache.tomcat.embed", "name": "tomcat-embed-core", "version": "9.0.83"}""");
		assertThat(single(this.scanner.scan(bom)).springBootVersion()).isNull();
	}

	@Test
	void recognisedByContentWhateverItsName() throws Exception {
		Path renamed = Files.copy(fixture("incident-bom.json"), this.directory.resolve("sbom"));
		assertThat(SbomScanner.isJson(renamed)).isTrue();
		assertThat(single(this.scanner.scan(renamed)).tomcatVersion()).isEqualTo("8.5.31");
		Path withByteOrderMark = this.directory.resolve("bom-with-bom.json");
		Files.write(withByteOrderMark, new byte[] { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '\n', ' ', '{', '}' });
		assertThat(SbomScanner.isJson(withByteOrderMark)).isTrue();
	}

	@Test
	void archivesDirectoriesAndMissingFilesAreNotJson() throws Exception {
		Path jar = TestArchives.fatJar(this.directory, "4.0.7", "spring-boot-4.0.7.jar");
		assertThat(SbomScanner.isJson(jar)).isFalse();
		assertThat(SbomScanner.isJson(this.directory)).isFalse();
		assertThat(SbomScanner.isJson(this.directory.resolve("missing.json"))).isFalse();
		assertThat(SbomScanner.isJson(Files.writeString(this.directory.resolve("bom.json"), "   "))).isFalse();
	}

	@Test
	void componentsWithAPackageUrlOnly() throws Exception {
		// As some generators write them: no group, the coordinates in the purl
		Path bom = bom(
				"""
						{"type": "library", "name": "tomcat-embed-core",
						 "purl": "pkg:maven/org.apache.tomcat.embed/tomcat-embed-core@10.1.48?type=jar"},
						{"type": "library", "name": "spring-boot", "purl": "pkg:maven/org.springframework.boot/spring-boot@3.5.7"},
						{"type": "library", "name": "swagger-ui", "purl": "pkg:maven/org.webjars/swagger-ui@5.17.14"}""");
		ApplicationContents contents = single(this.scanner.scan(bom));
		assertThat(contents.tomcatVersion()).isEqualTo("10.1.48");
		assertThat(contents.tomcatArtifact()).isEqualTo("org.apache.tomcat.embed:tomcat-embed-core:10.1.48");
		assertThat(contents.springBootVersion()).isEqualTo("3.5.7");
		assertThat(contents.staticResourceJars()).containsExactly("swagger-ui-5.17.14.jar");
	}

	@Test
	void nestedComponentsCount() throws Exception {
		Path bom = bom("""
				{"name": "app", "components": [
				  {"name": "lib", "components": [
				    {"group": "org.apache.tomcat.embed", "name": "tomcat-embed-core", "version": "9.0.83"}]}]}""");
		assertThat(single(this.scanner.scan(bom)).tomcatVersion()).isEqualTo("9.0.83");
	}

	@Test
	void componentExcludedFromTheRuntimeIsNotTheApplicationsTomcat() throws Exception {
		Path bom = bom(
				"""
						{"group": "org.apache.tomcat.embed", "name": "tomcat-embed-core", "version": "9.0.83", "scope": "excluded"}""");
		assertThat(single(this.scanner.scan(bom)).tomcatVersion()).isNull();
	}

	@Test
	void tomcatWithoutAVersionIsFoundWithAnUnknownOne() throws Exception {
		Path bom = bom("""
				{"group": "org.apache.tomcat.embed", "name": "tomcat-embed-core"}""");
		assertThat(single(this.scanner.scan(bom)).tomcatVersion()).isEqualTo("unknown");
	}

	@Test
	void toolsAndTheSubjectAreNotComponentsOfTheApplication() throws Exception {
		Path bom = Files.writeString(this.directory.resolve("bom.json"), """
				{"bomFormat": "CycloneDX", "specVersion": "1.6",
				 "metadata": {"tools": {"components": [
				    {"group": "org.apache.tomcat.embed", "name": "tomcat-embed-core", "version": "9.0.83"}]},
				  "component": {"group": "org.apache.tomcat", "name": "tomcat-catalina", "version": "9.0.83"}},
				 "components": []}""");
		ApplicationContents contents = single(this.scanner.scan(bom));
		assertThat(contents.tomcatVersion()).isNull();
		assertThat(contents.springBootVersion()).isNull();
	}

	@Test
	void jsonThatIsNotAnSbom() throws Exception {
		assertNotRead(
				Files.writeString(this.directory.resolve("package.json"),
						"{\"name\": \"web\", \"version\": \"1.0.0\", \"components\": {}}"),
				"JSON, but not a CycloneDX SBOM");
		assertNotRead(
				Files.writeString(this.directory.resolve("spdx.json"),
						"{\"bomFormat\": \"SPDX\", \"components\": [{\"name\": \"x\"}]}"),
				"JSON, but not a CycloneDX SBOM");
		assertNotRead(Files.writeString(this.directory.resolve("array.json"), "[{\"bomFormat\": \"CycloneDX\"}]"),
				"JSON, but not a CycloneDX SBOM");
	}

	@Test
	void specVersionOtherThanOneDotSomething() throws Exception {
		assertNotRead(
				Files.writeString(this.directory.resolve("bom.json"),
						"{\"bomFormat\": \"CycloneDX\", \"specVersion\": \"2.0\", \"components\": []}"),
				"CycloneDX specVersion '2.0', not one the scanner reads (1.x)");
		assertNotRead(Files.writeString(this.directory.resolve("bom.json"),
				"{\"bomFormat\": \"CycloneDX\", \"components\": []}"), "CycloneDX specVersion missing");
	}

	@Test
	void componentsOfTheWrongShape() throws Exception {
		assertNotRead(
				Files.writeString(this.directory.resolve("bom.json"),
						"{\"bomFormat\": \"CycloneDX\", \"specVersion\": \"1.6\", \"components\": {}}"),
				"components is an object, not an array");
		assertNotRead(bom("{\"group\": \"org.apache.tomcat.embed\", \"name\": \"tomcat-embed-core\", \"version\": 9}"),
				"'version' is a number, not a string");
	}

	@Test
	void invalidJsonNamesWhere() throws Exception {
		String incident = Files.readString(fixture("incident-bom.json"));
		Path truncated = Files.writeString(this.directory.resolve("bom.json"),
				incident.substring(0, incident.length() / 2));
		assertNotRead(truncated, "not valid JSON (line ");
	}

	@Test
	void largerThanTheLimitIsRefusedUnread() throws Exception {
		Path huge = this.directory.resolve("huge.json");
		try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
			file.write('{');
			// Sparse: costs no disk
			file.setLength(SbomScanner.MAX_SIZE + 1);
		}
		assertThat(SbomScanner.isJson(huge)).isTrue();
		assertNotRead(huge, "larger than 64 MB");
	}

	@Test
	void deeplyNestedJsonIsRefusedWithoutRecursingIntoIt() throws Exception {
		Path deep = Files.writeString(this.directory.resolve("deep.json"),
				"{\"bomFormat\": \"CycloneDX\", \"specVersion\": \"1.6\", \"metadata\": " + "[".repeat(1_000_000)
						+ "]".repeat(1_000_000) + "}");
		assertNotRead(deep, "nesting depth (" + (SbomScanner.MAX_DEPTH + 1) + ") exceeds the maximum allowed ("
				+ SbomScanner.MAX_DEPTH + "): more than the scanner reads");
		StringBuilder components = new StringBuilder();
		components.append("{\"name\": \"c\", \"components\": [".repeat(100_000));
		components.append("{}");
		components.append("]}".repeat(100_000));
		assertNotRead(bom(components.toString()), "nesting depth");
	}

	@Test
	void longStringsItSkipsAreReadLongOnesItKeepsAreNot() throws Exception {
		String description = "x".repeat(5 * 1024 * 1024);
		Path bom = bom("{\"group\": \"org.apache.tomcat.embed\", \"name\": \"tomcat-embed-core\", \"description\": \""
				+ description + "\", \"version\": \"9.0.83\"}");
		assertThat(single(this.scanner.scan(bom)).tomcatVersion()).isEqualTo("9.0.83");
		String version = "9".repeat(SbomScanner.MAX_STRING_LENGTH + 1);
		assertNotRead(bom("{\"group\": \"org.apache.tomcat.embed\", \"name\": \"tomcat-embed-core\", \"version\": \""
				+ version + "\"}"), "String value length");
	}

	@Test
	void moreComponentsThanAnApplicationHas() throws Exception {
		assertNotRead(bom(String.join(",", java.util.Collections.nCopies(SbomScanner.MAX_COMPONENTS + 1, "{}"))),
				"more than " + SbomScanner.MAX_COMPONENTS + " components, not an application");
	}

	@Test
	void moreTomcatVersionsThanAnApplicationHas() throws Exception {
		StringBuilder components = new StringBuilder();
		for (int i = 0; i <= SbomScanner.MAX_TOMCAT_VERSIONS; i++) {
			components.append((i > 0) ? "," : "")
				.append("{\"group\": \"org.apache.tomcat.embed\", \"name\": \"tomcat-embed-core\", \"version\": \"9.0.")
				.append(i)
				.append("\"}");
		}
		assertNotRead(bom(components.toString()), "more than " + SbomScanner.MAX_TOMCAT_VERSIONS + " Tomcat versions");
	}

	private void assertNotRead(Path path, String message) {
		assertThatExceptionOfType(ScanException.class).isThrownBy(() -> this.scanner.scan(path))
			.withMessageStartingWith(path + ": ")
			.withMessageContaining(message)
			.satisfies((ex) -> assertThat(ex.getMessage()).doesNotContain("\n"));
	}

	private Path bom(String components) throws IOException {
		return Files.writeString(this.directory.resolve("bom.json"),
				"{\"bomFormat\": \"CycloneDX\", \"specVersion\": \"1.6\", \"version\": 1, \"components\": ["
						+ components + "]}");
	}

	private static ApplicationContents single(SbomScanner.Sbom sbom) {
		assertThat(sbom.applications()).hasSize(1);
		return sbom.applications().get(0);
	}

	static Path fixture(String name) throws URISyntaxException {
		URL url = SbomScannerTests.class.getResource("/sbom/" + name);
		assertThat(url).as(name).isNotNull();
		return Path.of(url.toURI());
	}

}
