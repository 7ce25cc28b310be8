package io.github.tomcatlatency.advisory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;

import io.github.tomcatlatency.advisory.VersionRisk.Finding;
import io.github.tomcatlatency.advisory.VersionRisk.Remedy;
import io.github.tomcatlatency.advisory.VersionRisk.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link VersionRiskAssessor}.
 */
class VersionRiskAssessorTests {

	private static final VersionRiskAssessor bundled = new VersionRiskAssessor(AdvisoryDataReader.readBundled());

	// Expected values worked out by hand from the bundled tomcat-advisories.txt (data
	// date
	// 2026-11-19). 11.0.27 is what Spring Boot 4.0.9 and 4.1.2 ship: behind 11.0.29
	// (11.0.28
	// was never released) with the November advisories. 11.0.24 (Boot 4.0.8 / 4.1.1) has
	// the
	// August (11) and September (12) advisories plus October (3) and November (6).
	@ParameterizedTest
	@CsvSource(textBlock = """
			11.0.29,    CURRENT,                 11.0.29,  0,  0,  NONE,      0,
			11.0.27,    BEHIND,                  11.0.29,  1,  6,  UNRATED,   3,  11.0.29
			11.0.24,    BEHIND,                  11.0.29,  4,  32, IMPORTANT, 3,  11.0.29
			11.0.22,    BEHIND,                  11.0.29,  6,  40, IMPORTANT, 3,  11.0.29
			11.0.14,    BEHIND,                  11.0.29,  11, 53, IMPORTANT, 3,  11.0.29
			11.0.2,     BEHIND,                  11.0.29,  23, 69, IMPORTANT, 3,  11.0.29
			11.0.0-M20, BEHIND,                  11.0.29,  26, 77, IMPORTANT, 3,  11.0.29
			11.0.99,    UNKNOWN_NEWER_THAN_DATA, 11.0.29,  0,  0,  NONE,      -1,
			10.1.34,    BEHIND,                  10.1.62,  24, 69, IMPORTANT, 3,  10.1.62
			9.0.13,     BEHIND,                  9.0.124,  93, 67, IMPORTANT, 3,  9.0.124
			9.0.14,     BEHIND,                  9.0.124,  92, 66, IMPORTANT, 3,  9.0.124
			8.5.31,     END_OF_LIFE,             8.5.100,  67, 1,  NONE,      -1, 8.5.37
			8.5.37,     END_OF_LIFE,             8.5.100,  62, 0,  NONE,      -1,
			""")
	void assessBundledData(String running, Status status, String latest, int releasesBehind, int advisories,
			Severity highestSeverity, int gauge, String remedy) {
		VersionRisk risk = bundled.assess(TomcatVersion.parse(running));
		assertThat(risk.runningVersion()).hasToString(running);
		assertThat(risk.status()).isEqualTo(status);
		assertThat(risk.latestRelease().version()).hasToString(latest);
		assertThat(risk.releasesBehind()).isEqualTo(releasesBehind);
		assertThat(risk.dataDate()).isEqualTo(LocalDate.of(2026, 11, 19));
		assertThat(risk.advisories()).hasSize(advisories);
		assertThat(risk.highestSeverity()).isEqualTo(highestSeverity);
		assertThat(risk.severityGauge()).isEqualTo(gauge);
		if (remedy != null) {
			assertThat(risk.remedy().version()).hasToString(remedy);
		}
		else {
			assertThat(risk.remedy()).isNull();
		}
	}

	@ParameterizedTest
	@CsvSource(textBlock = """
			12.0.0
			10.0.27
			8.0.53
			""")
	void assessUnsupportedBranch(String running) {
		VersionRisk risk = bundled.assess(TomcatVersion.parse(running));
		assertThat(risk.status()).isEqualTo(Status.UNSUPPORTED_BRANCH);
		assertThat(risk.latestRelease()).isNull();
		assertThat(risk.advisories()).isEmpty();
		assertThat(risk.remedy()).isNull();
		assertThat(risk.severityGauge()).isEqualTo(-1);
	}

	@ParameterizedTest
	@CsvSource(textBlock = """
			11.0.22,    CVE-2026-50229, true
			11.0.22,    CVE-2026-41284, false
			11.0.21,    CVE-2026-41284, true
			11.0.14,    CVE-2026-34486, false
			11.0.20,    CVE-2026-34486, true
			11.0.21,    CVE-2026-34486, false
			11.0.0-M20, CVE-2024-34750, true
			11.0.0-M21, CVE-2024-34750, false
			11.0.0-M26, CVE-2024-52318, false
			11.0.0,     CVE-2024-52318, true
			10.1.52,    CVE-2026-24880, true
			10.1.53,    CVE-2026-24880, false
			9.0.12,     CVE-2026-29146, false
			9.0.13,     CVE-2026-29146, true
			8.5.31,     BZ-62968,       true
			9.0.13,     BZ-62968,       true
			8.5.37,     BZ-62968,       false
			9.0.14,     BZ-62968,       false
			11.0.14,    BZ-62968,       false
			9.0.12,     CVE-2024-38286, false
			9.0.13,     CVE-2024-38286, true
			9.0.90,     CVE-2024-38286, false
			9.0.29,     BZ-63964,       true
			9.0.30,     BZ-63964,       false
			9.0.30,     BZ-64005,       true
			9.0.31,     BZ-64005,       false
			8.5.50,     BZ-64005,       true
			11.0.24,    CVE-2026-65182, true
			11.0.25,    CVE-2026-65182, false
			11.0.25,    CVE-2026-76183, true
			11.0.26,    CVE-2026-76183, false
			11.0.26,    CVE-2026-74048, true
			11.0.27,    CVE-2026-74048, false
			11.0.27,    CVE-2026-117517, true
			11.0.29,    CVE-2026-117517, false
			11.0.18,    CVE-2026-117517, false
			9.0.123,    CVE-2026-117517, true
			9.0.124,    CVE-2026-117517, false
			11.0.4,     CVE-2026-55957, true
			11.0.5,     CVE-2026-55957, false
			9.0.106,    CVE-2025-52434, true
			9.0.107,    CVE-2025-52434, false
			9.0.69,     CVE-2023-42794, false
			9.0.70,     CVE-2023-42794, true
			9.0.81,     CVE-2023-42794, false
			""")
	void assessFindsAdvisory(String running, String id, boolean affected) {
		VersionRisk risk = bundled.assess(TomcatVersion.parse(running));
		assertThat(risk.advisories().stream().map(Finding::id).toList().contains(id)).isEqualTo(affected);
	}

	@Test
	void findingDescribesTheAdvisoryOnTheRunningBranch() {
		Finding finding = bundled.assess(TomcatVersion.parse("10.1.55"))
			.advisories()
			.stream()
			.filter((candidate) -> candidate.id().equals("CVE-2026-55956"))
			.findFirst()
			.orElseThrow();
		assertThat(finding.kind()).isEqualTo(Advisory.Kind.SECURITY);
		assertThat(finding.rating()).isEqualTo(Severity.MODERATE);
		assertThat(finding.title()).isEqualTo("Default servlet security constraints ignore the method");
		assertThat(finding.components()).containsExactly(Component.SECURITY_CONSTRAINTS);
		assertThat(finding.fixedIn()).hasToString("10.1.56");
		assertThat(finding.source()).isEqualTo("https://www.openwall.com/lists/oss-security/2026/06/29/25");
	}

	@Test
	void remedyGivesUpgradeLinesAndTheFirstBootReleasePerLine() throws IOException {
		VersionRiskAssessor assessor = new VersionRiskAssessor(read("""
				data-date: 2026-11-19
				latest: 11.0.29
				boot: 4.0.8 11.0.24
				boot: 4.0.9 11.0.27
				boot: 4.1.1 11.0.24
				boot: 4.1.2 11.0.27
				boot: 4.2.0-M1 11.0.24
				CVE-1 | security | Important | Fixed in 11.0.24 | core | 11.0.24 | reference | https://example.org
				"""));
		Remedy remedy = assessor.assess(TomcatVersion.parse("11.0.22")).remedy();
		assertThat(remedy.mavenProperty()).isEqualTo("<tomcat.version>11.0.24</tomcat.version>");
		assertThat(remedy.gradleProperty()).isEqualTo("ext['tomcat.version'] = '11.0.24'");
		assertThat(remedy.bootReleases()).containsExactly("4.0.8", "4.1.1");
		assertThat(remedy.fixUnconfirmed()).isEmpty();
		assertThat(remedy.fixUnknown()).isEmpty();
	}

	@ParameterizedTest
	@CsvSource(textBlock = """
			11.0.27, ''
			11.0.14, ''
			10.1.34, ''
			8.5.31,  2.0.8
			""")
	void remedyBootReleasesShipTheRemedyOnTheSameBranch(String running, String bootReleases) {
		Remedy remedy = bundled.assess(TomcatVersion.parse(running)).remedy();
		assertThat(String.join(" ", remedy.bootReleases())).isEqualTo(bootReleases);
	}

	@Test
	void unknownFixLeadsToTheFirstReleaseAfterTheLastAffectedOneUnconfirmed() throws IOException {
		VersionRiskAssessor assessor = new VersionRiskAssessor(
				read("""
						data-date: 2026-11-19
						latest: 11.0.29
						unreleased: 11.0.28
						boot: 4.1.2 11.0.27
						CVE-1 | security | unknown | No fix named | core | fix-unknown through 11.0.27 | cve-record | https://example.org
						CVE-2 | security | Low | Fixed | core | 11.0.26 | cve-record | https://example.org
						"""));
		VersionRisk risk = assessor.assess(TomcatVersion.parse("11.0.25"));
		assertThat(risk.advisories()).extracting(Finding::id).containsExactly("CVE-1", "CVE-2");
		Finding unknownFix = risk.advisories().get(0);
		assertThat(unknownFix.fixedIn()).isNull();
		assertThat(unknownFix.lastAffected()).hasToString("11.0.27");
		assertThat(risk.remedy().version()).hasToString("11.0.29");
		assertThat(risk.remedy().fixUnconfirmed()).containsExactly("CVE-1");
		assertThat(risk.remedy().bootReleases()).isEmpty();
	}

	@Test
	void affectedThroughTheLatestReleaseHasNoKnownFix() throws IOException {
		VersionRiskAssessor assessor = new VersionRiskAssessor(
				read("""
						data-date: 2026-11-19
						latest: 11.0.29
						CVE-1 | security | unknown | Unfixed | core | fix-unknown through 11.0.29 | cve-record | https://example.org
						"""));
		VersionRisk risk = assessor.assess(TomcatVersion.parse("11.0.29"));
		assertThat(risk.status()).isEqualTo(Status.CURRENT);
		assertThat(risk.remedy().fixUnknown()).containsExactly("CVE-1");
		assertThat(risk.severityGauge()).isEqualTo(3);
	}

	@Test
	void fixInUnreleasedVersionMovesToTheNextRelease() throws IOException {
		VersionRiskAssessor assessor = new VersionRiskAssessor(
				read("""
						data-date: 2026-04-10
						latest: 11.0.20
						unreleased: 11.0.19
						boot: 4.0.5 11.0.20
						CVE-1 | security | Important | Named fix never released | core | 11.0.19 | reference | https://example.org
						"""));
		VersionRisk risk = assessor.assess(TomcatVersion.parse("11.0.18"));
		assertThat(risk.advisories()).singleElement()
			.satisfies((finding) -> assertThat(finding.fixedIn()).hasToString("11.0.20"));
		assertThat(risk.remedy().version()).hasToString("11.0.20");
		assertThat(risk.remedy().bootReleases()).containsExactly("4.0.5");
		assertThat(risk.releasesBehind()).isEqualTo(1);
	}

	@Test
	void unreleasedVersionAsRunningIsComparedNormally() throws IOException {
		VersionRiskAssessor assessor = new VersionRiskAssessor(read("""
				data-date: 2026-04-10
				latest: 11.0.20
				unreleased: 11.0.19
				CVE-1 | security | Important | Fixed in 11.0.19 | core | 11.0.19 | reference | https://example.org
				CVE-2 | security | Important | Fixed in 11.0.20 | core | 11.0.20 | reference | https://example.org
				"""));
		VersionRisk risk = assessor.assess(TomcatVersion.parse("11.0.19"));
		assertThat(risk.status()).isEqualTo(Status.BEHIND);
		assertThat(risk.releasesBehind()).isEqualTo(1);
		assertThat(risk.advisories()).extracting(Finding::id).containsExactly("CVE-2");
	}

	@ParameterizedTest
	@CsvSource(textBlock = """
			Low,                    LOW,       1
			Low Moderate,           MODERATE,  2
			Low Moderate -,         UNRATED,   3
			Moderate - Important,   IMPORTANT, 3
			- Critical Important,   CRITICAL,  4
			""")
	void highestSeverityRanksUnratedBetweenModerateAndImportant(String ratings, Severity highest, int gauge)
			throws IOException {
		StringBuilder data = new StringBuilder("data-date: 2026-08-20\nlatest: 11.0.25\n");
		String[] tokens = ratings.split(" ");
		for (int i = 0; i < tokens.length; i++) {
			data.append("CVE-")
				.append(i)
				.append(" | security | ")
				.append(tokens[i])
				.append(" | Title | core | 11.0.24 | reference | https://example.org\n");
		}
		VersionRisk risk = new VersionRiskAssessor(read(data.toString())).assess(TomcatVersion.parse("11.0.23"));
		assertThat(risk.highestSeverity()).isEqualTo(highest);
		assertThat(risk.severityGauge()).isEqualTo(gauge);
	}

	@Test
	void latencyBugsDoNotRaiseTheSeverity() throws IOException {
		VersionRiskAssessor assessor = new VersionRiskAssessor(read("""
				data-date: 2026-08-20
				latest: 11.0.25
				BZ-1 | performance | - | Slow | core | 11.0.24 | reference | https://example.org
				"""));
		VersionRisk risk = assessor.assess(TomcatVersion.parse("11.0.23"));
		assertThat(risk.advisories()).hasSize(1);
		assertThat(risk.highestSeverity()).isEqualTo(Severity.NONE);
		assertThat(risk.severityGauge()).isZero();
		assertThat(risk.remedy().version()).hasToString("11.0.24");
	}

	private static AdvisoryData read(String content) throws IOException {
		return AdvisoryDataReader.read(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), "test.txt");
	}

}
