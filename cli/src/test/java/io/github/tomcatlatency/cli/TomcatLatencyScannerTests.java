package io.github.tomcatlatency.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.tomcatlatency.advisory.AdvisoryDataSelection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TomcatLatencyScanner}: the command line, its output formats and its
 * exit status, on applications assembled from real jars.
 */
class TomcatLatencyScannerTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	Path directory;

	@Test
	void incidentFailsAtTheDefaultLevelWithTheRemedy() throws Exception {
		Run run = run(incident().toString());
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.AT_FAIL_LEVEL);
		assertThat(run.err()).isEmpty();
		assertThat(run.out()).contains("Spring Boot: 2.0.3.RELEASE")
			.contains("Tomcat: 8.5.31 (tomcat-embed-core-8.5.31.jar)")
			.contains("end of life: Tomcat no longer supports 8.5")
			.contains("BZ-62968 [latency bug]")
			.contains("fixed in 8.5.37")
			.contains("Remedy: Tomcat 8.5.37")
			.contains("Maven:  <tomcat.version>8.5.37</tomcat.version>")
			.contains("Gradle: ext['tomcat.version'] = '8.5.37'")
			.contains("Spring Boot releases that ship it: 2.0.8")
			.contains("springfox-swagger-ui-2.9.2.jar")
			.contains("Verdict: FAIL (--fail-on important)");
	}

	@Test
	void failOnNoneNeverFails() throws Exception {
		assertThat(run("--fail-on", "none", incident().toString()).status())
			.isEqualTo(TomcatLatencyScanner.BELOW_FAIL_LEVEL);
	}

	@Test
	void applicationWithoutTomcatPasses() throws Exception {
		Run run = run(TestArchives.fatJar(this.directory, "4.0.7", "spring-boot-4.0.7.jar").toString());
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.BELOW_FAIL_LEVEL);
		assertThat(run.out()).contains("Tomcat: not found");
	}

	@Test
	void json() throws Exception {
		Run run = run("--format", "json", incident().toString());
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.AT_FAIL_LEVEL);
		JsonNode document = JSON.readTree(run.out());
		assertThat(document.get("failOn").asString()).isEqualTo("important");
		assertThat(document.get("failed").asBoolean()).isTrue();
		JsonNode application = document.get("applications").get(0);
		assertThat(application.get("springBootVersion").asString()).isEqualTo("2.0.3.RELEASE");
		assertThat(application.get("staticResourceJars").get(0).asString()).isEqualTo("springfox-swagger-ui-2.9.2.jar");
		JsonNode tomcat = application.get("tomcat");
		assertThat(tomcat.get("version").asString()).isEqualTo("8.5.31");
		assertThat(tomcat.get("branch").asString()).isEqualTo("8.5");
		assertThat(tomcat.get("status").asString()).isEqualTo("END_OF_LIFE");
		assertThat(tomcat.get("latestKnownRelease").asString()).isEqualTo("8.5.100");
		JsonNode bug = findById(tomcat.get("advisories"), "BZ-62968");
		assertThat(bug.get("kind").asString()).isEqualTo("PERFORMANCE");
		assertThat(bug.get("fixedIn").asString()).isEqualTo("8.5.37");
		assertThat(bug.get("applies").asString()).isEqualTo("YES");
		assertThat(bug.has("lastAffected")).isFalse();
		JsonNode remedy = tomcat.get("remedy");
		assertThat(remedy.get("maven").asString()).isEqualTo("<tomcat.version>8.5.37</tomcat.version>");
		assertThat(remedy.get("gradle").asString()).isEqualTo("ext['tomcat.version'] = '8.5.37'");
		assertThat(remedy.get("springBootReleases").get(0).asString()).isEqualTo("2.0.8");
		assertThat(application.get("advisoryData").get("dataDate").asString()).matches("\\d{4}-\\d{2}-\\d{2}");
		assertThat(application.has("sbomSpecVersion")).isFalse();
	}

	@Test
	void incidentsSbomFailsAsItsJarDoesWithTheSameVerdict() throws Exception {
		Path sbom = SbomScannerTests.fixture("incident-bom.json");
		Run run = run(sbom.toString());
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.AT_FAIL_LEVEL);
		assertThat(run.err()).isEmpty();
		assertThat(run.out()).startsWith(sbom + System.lineSeparator())
			.contains("Spring Boot: 2.0.3.RELEASE")
			.contains("Tomcat: 8.5.31 (org.apache.tomcat.embed:tomcat-embed-core:8.5.31)")
			.contains("end of life: Tomcat no longer supports 8.5")
			.contains("BZ-62968 [latency bug]")
			.contains("fixed in 8.5.37")
			.contains("Maven:  <tomcat.version>8.5.37</tomcat.version>")
			.contains("Spring Boot releases that ship it: 2.0.8")
			.contains("springfox-swagger-ui-2.9.2.jar")
			.contains("Read from: a CycloneDX 1.5 SBOM")
			.contains("static-resource jars by their coordinates only")
			.contains("Verdict: FAIL (--fail-on important)");
		JsonNode fromSbom = JSON.readTree(run("--format", "json", sbom.toString()).out()).get("applications").get(0);
		JsonNode fromJar = JSON.readTree(run("--format", "json", incident().toString()).out())
			.get("applications")
			.get(0);
		assertThat(fromSbom.get("sbomSpecVersion").asString()).isEqualTo("1.5");
		assertThat(withoutArtifact(fromSbom.get("tomcat"))).isEqualTo(withoutArtifact(fromJar.get("tomcat")));
		assertThat(fromSbom.get("springBootVersion")).isEqualTo(fromJar.get("springBootVersion"));
		assertThat(fromSbom.get("staticResourceJars")).isEqualTo(fromJar.get("staticResourceJars"));
	}

	@Test
	void sbomOfTheNewestTomcatTheDataKnowsPasses() throws Exception {
		// Spring Boot's own SBOM of a 4.0.7 application, its Tomcat upgraded as a
		// <tomcat.version> would
		AdvisoryDataSelection selection = new AdvisoryDataSelection();
		selection.addArtifact(getClass().getClassLoader());
		String newest = selection.select().data().latestRelease("11.0").version().toString();
		Path sbom = Files.writeString(this.directory.resolve("application.cdx.json"),
				Files.readString(SbomScannerTests.fixture("application.cdx.json")).replace("11.0.22", newest));
		Run run = run("--format", "json", sbom.toString());
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.BELOW_FAIL_LEVEL);
		JsonNode application = JSON.readTree(run.out()).get("applications").get(0);
		assertThat(application.get("springBootVersion").asString()).isEqualTo("4.0.7");
		assertThat(application.get("sbomSpecVersion").asString()).isEqualTo("1.6");
		JsonNode tomcat = application.get("tomcat");
		assertThat(tomcat.get("version").asString()).isEqualTo(newest);
		assertThat(tomcat.get("status").asString()).isEqualTo("CURRENT");
		assertThat(tomcat.get("highestSeverity").asString()).isEqualTo("NONE");
		assertThat(JSON.readTree(run.out()).get("failed").asBoolean()).isFalse();
	}

	@Test
	void sbomOfABootLineBehindItsTomcatBranchFails() throws Exception {
		Run run = run(SbomScannerTests.fixture("application.cdx.json").toString());
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.AT_FAIL_LEVEL);
		assertThat(run.out()).contains("Tomcat: 11.0.22 (org.apache.tomcat.embed:tomcat-embed-core:11.0.22)")
			.contains("Status: behind")
			.contains("jquery-3.7.1.jar");
	}

	@Test
	void aggregateSbomGivesOneApplicationPerTomcat() throws Exception {
		Path sbom = SbomScannerTests.fixture("aggregate-bom.json");
		Run run = run("--format", "json", "--fail-on", "none", sbom.toString());
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.BELOW_FAIL_LEVEL);
		JsonNode applications = JSON.readTree(run.out()).get("applications");
		assertThat(applications.valueStream().map((application) -> application.get("location").asString()))
			.containsExactly(sbom.toString(), sbom.toString());
		assertThat(applications.valueStream()
			.map((application) -> application.get("springBootVersion").asString() + " "
					+ application.get("tomcat").get("version").asString()))
			.containsExactly("2.7.18 9.0.83", "3.5.7 10.1.48");
	}

	@Test
	void sbomWithoutTomcatPassesAsAnApplicationWithoutTomcatDoes() throws Exception {
		Path sbom = Files.writeString(this.directory.resolve("bom.json"),
				"{\"bomFormat\": \"CycloneDX\", \"specVersion\": \"1.6\", \"components\": [{\"group\": "
						+ "\"org.springframework.boot\", \"name\": \"spring-boot\", \"version\": \"4.0.7\"}]}");
		Run run = run(sbom.toString());
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.BELOW_FAIL_LEVEL);
		assertThat(run.out()).contains("Spring Boot: 4.0.7").contains("Tomcat: not found");
	}

	@Test
	void sbomWithATomcatOfUnknownVersionFails() throws Exception {
		Path sbom = Files.writeString(this.directory.resolve("bom.json"),
				"{\"bomFormat\": \"CycloneDX\", \"specVersion\": \"1.6\", \"components\": [{\"group\": "
						+ "\"org.apache.tomcat.embed\", \"name\": \"tomcat-embed-core\"}]}");
		Run run = run(sbom.toString());
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.AT_FAIL_LEVEL);
		assertThat(run.out()).contains("the version cannot be read: risk unknown");
	}

	@Test
	void jsonThatIsNotAnSbomIsBadInput() throws Exception {
		assertBadInput(run(Files.writeString(this.directory.resolve("package.json"), "{\"name\": \"web\"}").toString()),
				"JSON, but not a CycloneDX SBOM");
	}

	@Test
	void invalidSbomIsBadInput() throws Exception {
		assertBadInput(run(
				Files.writeString(this.directory.resolve("bom.json"), "{\"bomFormat\": \"CycloneDX\", ").toString()),
				"not valid JSON");
	}

	@ParameterizedTest
	@CsvSource({ "2.7.18, 9.0.83", "3.5.7, 10.1.48", "4.0.7, 11.0.22" })
	void fatJarOfASpringBootLineBehindItsTomcatBranch(String boot, String tomcat) throws Exception {
		Run run = run("--format", "json", fatJar(boot, tomcat).toString());
		JsonNode application = JSON.readTree(run.out()).get("applications").get(0);
		assertThat(application.get("springBootVersion").asString()).isEqualTo(boot);
		JsonNode verdict = application.get("tomcat");
		assertThat(verdict.get("version").asString()).isEqualTo(tomcat);
		assertThat(verdict.get("status").asString()).isEqualTo("BEHIND");
		assertThat(verdict.get("releasesBehind").asInt()).isPositive();
		assertThat(verdict.get("advisories")).isNotEmpty();
		assertThat(verdict.get("remedy").get("maven").asString())
			.startsWith("<tomcat.version>" + verdict.get("branch").asString() + ".");
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.AT_FAIL_LEVEL);
	}

	@Test
	void springBoot15FatJarOnAnEndOfLifeBranchWithoutKnownAdvisoriesStillFails() throws Exception {
		Run run = run(fatJar("1.5.22.RELEASE", "8.5.43").toString());
		assertThat(run.out()).contains("Spring Boot: 1.5.22.RELEASE")
			.contains("Tomcat: 8.5.43")
			.contains("end of life")
			.doesNotContain("Remedy:");
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.AT_FAIL_LEVEL);
	}

	@Test
	void sarif() throws Exception {
		Path other = TestArchives.fatJar(this.directory, "2.7.18", "spring-boot-2.7.18.jar",
				"tomcat-embed-core-9.0.83.jar");
		Run run = run("--format", "sarif", incident().toString(), other.toString());
		JsonNode sarif = JSON.readTree(run.out());
		assertThat(sarif.get("version").asString()).isEqualTo("2.1.0");
		assertThat(sarif.get("$schema").asString()).contains("sarif-2.1.0");
		JsonNode runNode = sarif.get("runs").get(0);
		JsonNode rules = runNode.get("tool").get("driver").get("rules");
		List<String> ruleIds = rules.valueStream().map((rule) -> rule.get("id").asString()).toList();
		assertThat(new HashSet<>(ruleIds)).hasSameSizeAs(ruleIds).contains("BZ-62968", "TOMCAT-RISK-UNKNOWN");
		JsonNode results = runNode.get("results");
		assertThat(results.size()).isGreaterThan(1);
		Set<String> locations = new HashSet<>();
		for (JsonNode result : results) {
			String ruleId = result.get("ruleId").asString();
			assertThat(ruleIds.get(result.get("ruleIndex").asInt())).isEqualTo(ruleId);
			assertThat(result.get("level").asString()).isIn("error", "warning", "note");
			assertThat(result.get("message").get("text").asString()).contains("Remedy: run Tomcat");
			locations.add(result.get("locations")
				.get(0)
				.get("physicalLocation")
				.get("artifactLocation")
				.get("uri")
				.asString());
		}
		assertThat(locations).containsExactlyInAnyOrder(incident().toString(), other.toString());
		JsonNode bug = results.valueStream()
			.filter((result) -> result.get("ruleId").asString().equals("BZ-62968"))
			.findFirst()
			.orElseThrow();
		assertThat(bug.get("message").get("text").asString()).contains("Fixed in 8.5.37")
			.contains("<tomcat.version>8.5.37</tomcat.version>")
			.contains("Spring Boot 2.0.8");
	}

	@Test
	void help() {
		Run run = run("--help");
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.BELOW_FAIL_LEVEL);
		assertThat(run.out()).startsWith("usage: java -jar tomcat-latency-cli.jar");
	}

	@Test
	void missingPathIsBadInput() {
		assertBadInput(run(this.directory.resolve("missing.jar").toString()), "no such file or directory");
	}

	@Test
	void fileThatIsNotAJarIsBadInput() throws Exception {
		assertBadInput(run(Files.writeString(this.directory.resolve("a.jar"), "text").toString()),
				"not a jar, WAR, directory or CycloneDX SBOM");
	}

	@Test
	void corruptNestedJarIsBadInput() throws Exception {
		Path jar = TestArchives.zip(this.directory.resolve("corrupt.jar"),
				java.util.Map.of("BOOT-INF/lib/broken.jar", new byte[] { 'P', 'K', 3, 4, 0 }), true);
		assertBadInput(run(jar.toString()), "broken.jar: not a readable jar");
	}

	@Test
	void unknownOptionIsBadInput() {
		assertBadInput(run("--colour", "x.jar"), "unknown option '--colour'");
	}

	@Test
	void unknownFailLevelIsBadInput() {
		assertBadInput(run("--fail-on", "severe", "x.jar"), "'severe' is not a fail level");
	}

	@Test
	void noPathIsBadInput() {
		assertBadInput(run("--format", "json"), "no PATH given");
	}

	@Test
	void missingAdvisoryFileIsBadInput() throws Exception {
		assertBadInput(run("--advisories", "missing.txt", incident().toString()),
				"missing.txt: no such advisory data file");
	}

	@Test
	void malformedAdvisoryFileIsBadInputNamingItsLine() throws Exception {
		Path data = Files.writeString(this.directory.resolve("advisories.txt"), "data-date: 2099-01-01\nnonsense\n");
		assertBadInput(run("--advisories", data.toString(), incident().toString()), data + " line 2:");
	}

	@Test
	void newerAdvisoryFileWins() throws Exception {
		Path data = Files.writeString(this.directory.resolve("advisories.txt"),
				"data-date: 2099-01-01\nlatest: 8.5.31\nend-of-life: 8.5\n");
		Run run = run("--format", "json", "--advisories", data.toString(), incident().toString());
		JsonNode application = JSON.readTree(run.out()).get("applications").get(0);
		assertThat(application.get("advisoryData").get("source").asString()).isEqualTo("LOCATION");
		assertThat(application.get("tomcat").get("latestKnownRelease").asString()).isEqualTo("8.5.31");
	}

	@Test
	void olderAdvisoryFileLosesWithAWarning() throws Exception {
		Path data = Files.writeString(this.directory.resolve("advisories.txt"),
				"data-date: 2000-01-01\nlatest: 8.5.31\n");
		Run run = run("--advisories", data.toString(), incident().toString());
		assertThat(run.out()).contains("Warning: The data at --advisories is older than the");
	}

	private void assertBadInput(Run run, String message) {
		assertThat(run.status()).isEqualTo(TomcatLatencyScanner.BAD_INPUT);
		assertThat(run.out()).isEmpty();
		assertThat(run.err().lines()).singleElement().asString().startsWith("tomcat-latency: ").contains(message);
		assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ");
	}

	private static JsonNode withoutArtifact(JsonNode tomcat) {
		ObjectNode copy = (ObjectNode) tomcat.deepCopy();
		copy.remove("artifact");
		return copy;
	}

	private static JsonNode findById(JsonNode advisories, String id) {
		return advisories.valueStream()
			.filter((advisory) -> advisory.get("id").asString().equals(id))
			.findFirst()
			.orElseThrow();
	}

	private Path incident() throws Exception {
		return TestArchives.fatJar(this.directory, "2.0.3.RELEASE", "spring-boot-2.0.3.RELEASE.jar",
				"tomcat-embed-core-8.5.31.jar", "springfox-swagger-ui-2.9.2.jar");
	}

	private Path fatJar(String boot, String tomcat) throws IOException {
		return TestArchives.fatJar(this.directory, boot, "spring-boot-" + boot + ".jar",
				"tomcat-embed-core-" + tomcat + ".jar");
	}

	static Run run(String... args) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int status = TomcatLatencyScanner.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
	}

	record Run(int status, String out, String err) {

	}

}
