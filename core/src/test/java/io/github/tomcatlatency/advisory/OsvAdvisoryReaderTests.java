package io.github.tomcatlatency.advisory;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import io.github.tomcatlatency.advisory.Advisory.Verification;
import io.github.tomcatlatency.advisory.VersionRisk.Finding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link OsvAdvisoryReader}, with fixtures made from real GitHub Advisory
 * Database records (see the fixtures' README).
 */
class OsvAdvisoryReaderTests {

	private static final String GHOSTCAT = "GHSA-c9hw-wf7x-jp9j";

	private static final AdvisoryData BUNDLED = AdvisoryDataReader.readBundled();

	private final OsvAdvisoryReader reader = new OsvAdvisoryReader(BUNDLED.latestReleases().keySet());

	@Test
	void readsTheTomcatRangesOfARecord() throws Exception {
		List<Advisory> advisories = this.reader.read(fixtures().resolve(GHOSTCAT + ".json"));
		assertThat(advisories).singleElement().satisfies((advisory) -> {
			assertThat(advisory.id()).isEqualTo(GHOSTCAT);
			assertThat(advisory.aliases()).containsExactly("CVE-2020-1938");
			assertThat(advisory.verification()).isEqualTo(Verification.OSV);
			assertThat(advisory.rating()).isEqualTo(Severity.UNRATED);
			assertThat(advisory.components()).isEmpty();
			assertThat(advisory.source()).isEqualTo("https://osv.dev/vulnerability/" + GHOSTCAT);
			// 7.0 is not a branch the data tracks
			assertThat(advisory.affected()).containsExactlyInAnyOrder(
					AffectedRange.fixedIn(TomcatVersion.parse("9.0.0.M1"), TomcatVersion.parse("9.0.31")),
					AffectedRange.fixedIn(TomcatVersion.parse("8.5.0"), TomcatVersion.parse("8.5.51")));
		});
	}

	@Test
	void recordsTheCuratedDataLacksAreAddedAndCuratedOnesKept() throws Exception {
		List<Advisory> osv = this.reader.read(fixtures());
		assertThat(osv).extracting(Advisory::id).containsExactly(GHOSTCAT, "GHSA-wc4r-xq3c-5cf3");
		AdvisoryData merged = BUNDLED.withOsvAdvisories(osv);
		assertThat(merged.advisories()).hasSize(BUNDLED.advisories().size() + 1);
		VersionRisk risk = new VersionRiskAssessor(merged).assess(TomcatVersion.parse("9.0.30"));
		Finding ghostcat = risk.advisories()
			.stream()
			.filter((finding) -> finding.id().equals(GHOSTCAT))
			.findFirst()
			.orElseThrow();
		assertThat(ghostcat.verification()).isEqualTo(Verification.OSV);
		assertThat(ghostcat.fixedIn()).hasToString("9.0.31");
		assertThat(ghostcat.aliases()).containsExactly("CVE-2020-1938");
		Finding curated = risk.advisories()
			.stream()
			.filter((finding) -> finding.id().equals("CVE-2025-49125"))
			.findFirst()
			.orElseThrow();
		assertThat(curated.verification()).isEqualTo(Verification.CVE_RECORD);
		assertThat(curated.components()).containsExactly(Component.PRE_POST_RESOURCES);
		assertThat(risk.advisories()).extracting(Finding::id).doesNotContain("GHSA-wc4r-xq3c-5cf3");
		assertThat(new VersionRiskAssessor(merged).assess(TomcatVersion.parse("9.0.31")).advisories())
			.extracting(Finding::id)
			.doesNotContain(GHOSTCAT);
	}

	@Test
	void readsAZip(@TempDir Path dir) throws Exception {
		Path zip = dir.resolve("osv.zip");
		try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
			for (String name : List.of(GHOSTCAT, "GHSA-wc4r-xq3c-5cf3")) {
				out.putNextEntry(new ZipEntry("Maven/" + name + ".json"));
				out.write(Files.readAllBytes(fixtures().resolve(name + ".json")));
				out.closeEntry();
			}
		}
		assertThat(this.reader.read(zip)).extracting(Advisory::id).containsExactly(GHOSTCAT, "GHSA-wc4r-xq3c-5cf3");
	}

	@Test
	void ignoresOtherPackagesWithdrawnRecordsAndUntrackedBranches(@TempDir Path dir) throws IOException {
		write(dir, "a.json", record("GHSA-a", "npm", "tomcat", "0", "1.0.0"));
		write(dir, "b.json", record("GHSA-b", "Maven", "org.apache.tomcat:tomcat-jdbc", "11.0.0-M1", "11.0.5")
			.replace("\"summary\"", "\"withdrawn\": \"2024-01-01T00:00:00Z\", \"summary\""));
		write(dir, "c.json", record("GHSA-c", "Maven", "org.apache.tomcat:tomcat-catalina", "8.0.0-RC1", "8.0.53"));
		write(dir, "d.json", record("GHSA-d", "Maven", "org.apache.tomcat:tomcat-coyote", "0", "11.0.5"));
		List<Advisory> advisories = this.reader.read(dir);
		// Only d: "introduced 0" affects every tracked branch before 11.0.5, older ones
		// without a known fix on their branch
		assertThat(advisories).singleElement().satisfies((advisory) -> {
			assertThat(advisory.id()).isEqualTo("GHSA-d");
			assertThat(onBranch(advisory, "11.0"))
				.isEqualTo(AffectedRange.fixedIn(null, TomcatVersion.parse("11.0.5")));
			assertThat(onBranch(advisory, "9.0")).isEqualTo(new AffectedRange(null, null, null, "9.0"));
			assertThat(advisory.rangeContaining(TomcatVersion.parse("10.1.62"))).isNotNull();
		});
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';', quoteCharacter = '"',
			textBlock = """
					"not json"; not a JSON document
					[]; an OSV record must be a JSON object
					"{""summary"": ""no id""}"; record '?': missing 'id'
					"{""id"": ""GHSA-x"", ""affected"": {}}"; record 'GHSA-x': 'affected' must be an array
					"{""id"": ""GHSA-x"", ""aliases"": [1]}"; record 'GHSA-x': 'aliases' must be a non-empty string
					"{""id"": ""GHSA-x"", ""affected"": [{""package"": {""ecosystem"": ""Maven"", ""name"": ""org.apache.tomcat.embed:tomcat-embed-core""}, ""ranges"": [{""type"": ""ECOSYSTEM"", ""events"": [{""introduced"": ""11.0.x""}]}]}]}"; record 'GHSA-x': '11.0.x' is not a Tomcat version
					"{""id"": ""GHSA-x"", ""affected"": [{""package"": {""ecosystem"": ""Maven"", ""name"": ""org.apache.tomcat.embed:tomcat-embed-core""}, ""ranges"": [{""type"": ""ECOSYSTEM"", ""events"": [{""fixed"": ""11.0.5""}]}]}]}"; record 'GHSA-x': 'fixed' or 'last_affected' without a preceding 'introduced'
					""")
	void malformedRecordFailsNamingTheFileAndTheRecord(String content, String problem, @TempDir Path dir)
			throws IOException {
		Path file = write(dir, "bad.json", content);
		assertThatExceptionOfType(AdvisoryDataException.class).isThrownBy(() -> this.reader.read(file))
			.withMessageStartingWith(file + ": " + problem);
	}

	private static String record(String id, String ecosystem, String name, String introduced, String fixed) {
		return """
				{"id": "%s", "summary": "test", "affected": [{"package": {"ecosystem": "%s", "name": "%s"},
				"ranges": [{"type": "ECOSYSTEM", "events": [{"introduced": "%s"}, {"fixed": "%s"}]}]}]}
				""".formatted(id, ecosystem, name, introduced, fixed);
	}

	private static Path write(Path dir, String name, String content) throws IOException {
		Path file = dir.resolve(name);
		try (OutputStream out = Files.newOutputStream(file)) {
			out.write(content.getBytes(StandardCharsets.UTF_8));
		}
		return file;
	}

	static Path fixtures() throws URISyntaxException {
		return Path.of(OsvAdvisoryReaderTests.class.getResource("osv").toURI());
	}

	// The advisory's first affected range on a branch, or null.
	private static AffectedRange onBranch(Advisory advisory, String branch) {
		return advisory.affected().stream().filter((range) -> range.branch().equals(branch)).findFirst().orElse(null);
	}

}
