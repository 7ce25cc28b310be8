package io.github.tomcatlatency.advisory;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pins facts of the bundled advisory data that were verified against primary sources, so
 * that a wrong edit of the data fails the build. Each block names its source; change a
 * row only with a source that shows the fact changed.
 */
class BundledAdvisoryFactsTests {

	private static final AdvisoryData DATA = AdvisoryDataReader.readBundled();

	// Ranges in the data file's own syntax, one entry per branch in the file's order
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = ';',
			textBlock = """
					# Corrected after the audit of 2026-12-01. CVE record (cvelistV5 CVE-2024-38286.json): 9.0 affected from 9.0.13
					CVE-2024-38286; IMPORTANT; 11.0.0-M21, 10.1.25, 9.0.90 since 9.0.13
					# apache/tomcat changelogs 9.0.x / 8.5.x: 63964, 63970, 63983 fixed in 9.0.30 and 8.5.50, 64005 only in 9.0.31 and 8.5.51
					BZ-63964; UNRATED; 9.0.30 since 9.0.28, 8.5.50 since 8.5.48
					BZ-64005; UNRATED; 9.0.31 since 9.0.28, 8.5.51 since 8.5.48
					# Missing before 2026-12-01. openwall oss-security 2026/06/29/26 and 2026/07/28/25; cvelistV5 records
					CVE-2026-55957; IMPORTANT; 11.0.5, 10.1.39, 9.0.102
					CVE-2026-66299; LOW; 11.0.25 since 11.0.0-M20, 10.1.59 since 10.1.24, 9.0.121 since 9.0.89
					CVE-2025-52434; IMPORTANT; 9.0.107
					CVE-2023-42794; LOW; 9.0.81 since 9.0.70
					# Announced 2026-08-25: openwall oss-security 2026/08/26/1 to /10 (10.1.58 never released)
					CVE-2026-65182; IMPORTANT; 11.0.25, 10.1.59, 9.0.121
					CVE-2026-65183; LOW; 11.0.25, 10.1.59, 9.0.121 since 9.0.42
					CVE-2026-65637; MODERATE; 11.0.25 since 11.0.20, 10.1.59 since 10.1.53, 9.0.121 since 9.0.115
					CVE-2026-65905; LOW; 11.0.25, 10.1.59, 9.0.121
					CVE-2026-65927; IMPORTANT; 11.0.25, 10.1.59, 9.0.121
					CVE-2026-66422; LOW; 11.0.25, 10.1.59, 9.0.121 since 9.0.25
					CVE-2026-68525; LOW; 11.0.25, 10.1.59, 9.0.121
					CVE-2026-68569; IMPORTANT; 11.0.25, 10.1.59, 9.0.121
					CVE-2026-68763; IMPORTANT; 11.0.25, 10.1.59, 9.0.121 since 9.0.39
					CVE-2026-73180; LOW; 11.0.25, 10.1.59, 9.0.121
					# Announced 2026-09-23: openwall oss-security 2026/09/23/19 to /30; CVE-2026-78383 from its CVE record
					CVE-2026-73581; MODERATE; 11.0.26, 10.1.60, 9.0.122
					CVE-2026-75973; LOW; 11.0.26, 10.1.60, 9.0.122 since 9.0.0.M4
					CVE-2026-76183; IMPORTANT; 11.0.26, 10.1.60, 9.0.122
					CVE-2026-77756; LOW; 11.0.26, 10.1.60, 9.0.122 since 9.0.47
					CVE-2026-77762; LOW; 11.0.26, 10.1.60, 9.0.122 since 9.0.39
					CVE-2026-77791; IMPORTANT; 11.0.26 since 11.0.0-M5, 10.1.60 since 10.1.8, 9.0.122 since 9.0.74
					CVE-2026-78383; IMPORTANT; 11.0.26, 10.1.60, 9.0.122
					CVE-2026-78437; LOW; 11.0.26 since 11.0.19, 10.1.60 since 10.1.53, 9.0.122 since 9.0.116
					CVE-2026-79677; MODERATE; 11.0.26, 10.1.60, 9.0.122
					CVE-2026-86248; MODERATE; 11.0.26 since 11.0.0-M14, 10.1.60 since 10.1.22, 9.0.122 since 9.0.92
					CVE-2026-86350; IMPORTANT; 11.0.26 since 11.0.22, 10.1.60 since 10.1.55, 9.0.122 since 9.0.118
					CVE-2026-87022; LOW; 11.0.26, 10.1.60, 9.0.122
					# CVE records of 2026-10-20 (excerpts): no rating or fix visible, last affected 11.0.26 / 10.1.60 / 9.0.122
					CVE-2026-74048; UNRATED; fix-unknown through 11.0.26 since 11.0.0-M14, fix-unknown through 10.1.60 since 10.1.22, fix-unknown through 9.0.122 since 9.0.92
					CVE-2026-74049; UNRATED; fix-unknown through 11.0.26, fix-unknown through 10.1.60, fix-unknown through 9.0.122
					CVE-2026-93446; UNRATED; fix-unknown through 11.0.26 since 11.0.0-M21, fix-unknown through 10.1.60 since 10.1.25, fix-unknown through 9.0.122 since 9.0.90
					# CVE records of 2026-11-19 (excerpts): last affected 11.0.27 / 10.1.61 / 9.0.123; only 117517 shows its fix
					CVE-2026-116600; UNRATED; fix-unknown through 11.0.27, fix-unknown through 10.1.61, fix-unknown through 9.0.123 since 9.0.22
					CVE-2026-116830; UNRATED; fix-unknown through 11.0.27, fix-unknown through 10.1.61, fix-unknown through 9.0.123 since 9.0.20
					CVE-2026-117517; UNRATED; 11.0.29 since 11.0.19, 10.1.62 since 10.1.53, fix-unknown through 9.0.123 since 9.0.116
					CVE-2026-118028; UNRATED; fix-unknown through 11.0.27 since 11.0.0-M18, fix-unknown through 10.1.61 since 10.1.20, fix-unknown through 9.0.123 since 9.0.87
					CVE-2026-118233; UNRATED; fix-unknown through 11.0.27, fix-unknown through 10.1.61, fix-unknown through 9.0.123 since 9.0.41
					CVE-2026-118436; UNRATED; fix-unknown through 11.0.27, fix-unknown through 10.1.61, fix-unknown through 9.0.123
					# Verified by the audit of 2026-12-01 against CVE records and security-11.html
					CVE-2025-24813; IMPORTANT; 11.0.3, 10.1.35, 9.0.99
					CVE-2024-52317; IMPORTANT; 11.0.0 since 11.0.0-M23, 10.1.31 since 10.1.27, 9.0.96 since 9.0.92
					CVE-2026-24880; LOW; 11.0.20, 10.1.53, 9.0.116
					CVE-2026-29146; IMPORTANT; 11.0.20, 10.1.53, 9.0.116 since 9.0.13
					CVE-2026-34486; IMPORTANT; 11.0.21 since 11.0.20, 10.1.54 since 10.1.53, 9.0.117 since 9.0.116
					CVE-2026-59083; LOW; 11.0.24, 10.1.57, 9.0.120
					""")
	void advisory(String id, Severity rating, String ranges) {
		Advisory advisory = DATA.advisories()
			.stream()
			.filter((candidate) -> candidate.id().equals(id))
			.findFirst()
			.orElseThrow();
		assertThat(advisory.rating()).isEqualTo(rating);
		assertThat(
				advisory.affected().stream().map(BundledAdvisoryFactsTests::describe).collect(Collectors.joining(", ")))
			.isEqualTo(ranges);
		assertThat(advisory.source()).startsWith("https://");
	}

	// Maven Central, 2026-12-01: tomcat-embed-core's newest version per branch
	@ParameterizedTest(name = "{0}")
	@CsvSource(textBlock = """
			11.0, 11.0.29
			10.1, 10.1.62
			9.0,  9.0.124
			8.5,  8.5.100
			""")
	void latestRelease(String branch, String version) {
		assertThat(DATA.latestRelease(branch).version()).hasToString(version);
	}

	// Maven Central, 2026-12-01: no tomcat-embed-core 11.0.28; the changelogs' "not
	// released" versions; 11.0.27 and 11.0.29 were released
	@ParameterizedTest(name = "{0} released: {1}")
	@CsvSource(textBlock = """
			11.0.28, false
			11.0.27, true
			11.0.29, true
			11.0.19, false
			10.1.58, false
			10.1.59, true
			9.0.28,  false
			9.0.121, true
			""")
	void released(String version, boolean released) {
		assertThat(DATA.isReleased(TomcatVersion.parse(version))).isEqualTo(released);
	}

	// Maven Central, 2026-12-01: <tomcat.version> of the spring-boot-dependencies poms
	@ParameterizedTest(name = "Spring Boot {0}")
	@CsvSource(textBlock = """
			4.0.7,    11.0.22
			4.0.8,    11.0.24
			4.0.9,    11.0.27
			4.1.0,    11.0.22
			4.1.1,    11.0.24
			4.1.2,    11.0.27
			4.2.0-M2, 11.0.26
			3.5.16,   10.1.55
			""")
	void bootRelease(String boot, String tomcat) {
		List<BootRelease> releases = DATA.bootReleases()
			.stream()
			.filter((release) -> release.version().equals(boot))
			.toList();
		assertThat(releases).singleElement()
			.satisfies((release) -> assertThat(release.tomcatVersion()).hasToString(tomcat));
	}

	private static String describe(AffectedRange range) {
		String since = (range.firstAffected() != null) ? " since " + range.firstAffected() : "";
		return ((range.fixedIn() != null) ? range.fixedIn() : "fix-unknown through " + range.lastAffected()) + since;
	}

}
