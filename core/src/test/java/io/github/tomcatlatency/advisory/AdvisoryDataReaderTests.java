package io.github.tomcatlatency.advisory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.Advisory.Verification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link AdvisoryDataReader}.
 */
class AdvisoryDataReaderTests {

	// Five lines, so the first line appended to it is line 6
	private static final String HEADER = """
			# test data
			unreleased: 11.0.17
			data-date: 2026-08-20
			latest: 11.0.25 2026-08-18
			latest: 9.0.120
			""";

	private static final String ADVISORY = "CVE-1 | security | Low | Title | core | 11.0.24 | reference"
			+ " | https://example.org\n";

	@Test
	void readsHeaderAndAdvisories() throws IOException {
		AdvisoryData data = read(
				HEADER + """
						end-of-life: 9.0
						unreleased: 11.0.16 11.0.17
						unreleased: 9.0.114
						boot: 4.0.8 11.0.24
						CVE-1 | security | - | A title, with a comma | http2, tls | 11.0.24 since 11.0.0-M3, 9.0.120 | cve-record | https://www.cve.org/CVERecord?id=CVE-1
						BZ-2 | performance | - | Slow | resources-cache | 9.0.14 | tomcat-page | https://bz.example.org/2
						""");
		assertThat(data.dataDate()).isEqualTo(LocalDate.of(2026, 8, 20));
		assertThat(data.latestReleases()).containsOnlyKeys("11.0", "9.0");
		assertThat(data.latestRelease("11.0"))
			.isEqualTo(new LatestRelease(TomcatVersion.parse("11.0.25"), LocalDate.of(2026, 8, 18)));
		assertThat(data.latestRelease("9.0")).isEqualTo(new LatestRelease(TomcatVersion.parse("9.0.120"), null));
		assertThat(data.isEndOfLife("9.0")).isTrue();
		assertThat(data.isEndOfLife("11.0")).isFalse();
		assertThat(data.unreleasedVersions()).extracting(TomcatVersion::toString)
			.containsExactlyInAnyOrder("11.0.16", "11.0.17", "9.0.114");
		assertThat(data.bootReleases()).containsExactly(new BootRelease("4.0.8", TomcatVersion.parse("11.0.24")));
		assertThat(data.advisories()).extracting(Advisory::id).containsExactly("CVE-1", "BZ-2");
		Advisory advisory = data.advisories().get(0);
		assertThat(advisory.kind()).isEqualTo(Kind.SECURITY);
		assertThat(advisory.rating()).isEqualTo(Severity.UNRATED);
		assertThat(advisory.title()).isEqualTo("A title, with a comma");
		assertThat(advisory.components()).containsExactly(Component.HTTP2, Component.TLS);
		assertThat(onBranch(advisory, "11.0"))
			.isEqualTo(AffectedRange.fixedIn(TomcatVersion.parse("11.0.0-M3"), TomcatVersion.parse("11.0.24")));
		assertThat(onBranch(advisory, "9.0")).isEqualTo(AffectedRange.fixedIn(null, TomcatVersion.parse("9.0.120")));
		assertThat(onBranch(advisory, "10.1")).isNull();
		assertThat(advisory.verification()).isEqualTo(Verification.CVE_RECORD);
		assertThat(advisory.source()).isEqualTo("https://www.cve.org/CVERecord?id=CVE-1");
		assertThat(data.advisories().get(1).kind()).isEqualTo(Kind.PERFORMANCE);
	}

	@Test
	void readsRangesWhoseFixIsNotKnownYet() throws IOException {
		AdvisoryData data = read(HEADER + "CVE-1 | security | unknown | Title | core | "
				+ "fix-unknown through 11.0.24 since 11.0.0-M3, 9.0.120 | cve-record | https://example.org\n");
		Advisory advisory = data.advisories().get(0);
		assertThat(advisory.rating()).isEqualTo(Severity.UNRATED);
		AffectedRange range = onBranch(advisory, "11.0");
		assertThat(range.fixedIn()).isNull();
		assertThat(range.lastAffected()).hasToString("11.0.24");
		assertThat(advisory.rangeContaining(TomcatVersion.parse("11.0.0-M2"))).isNull();
		assertThat(advisory.rangeContaining(TomcatVersion.parse("11.0.0-M3"))).isEqualTo(range);
		assertThat(advisory.rangeContaining(TomcatVersion.parse("11.0.24"))).isEqualTo(range);
		assertThat(advisory.rangeContaining(TomcatVersion.parse("11.0.25"))).isNull();
		assertThat(advisory.rangeContaining(TomcatVersion.parse("9.0.119"))).isNotNull();
		assertThat(advisory.rangeContaining(TomcatVersion.parse("9.0.120"))).isNull();
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';', quoteCharacter = '"',
			textBlock = """
					CVE-1 | security | Low | Title | core | 11.0.x | reference | https://example.org ; invalid version '11.0.x'
					CVE-1 | security | Low | Title | core | 12.0.1 | reference | https://example.org ; unknown branch '12.0'
					CVE-1 | security | Low | Title | core, teleport | 11.0.24 | reference | https://example.org ; unknown component 'teleport'
					CVE-1 | security | Low | Title | core | 11.0.24 | https://example.org ; expected 8 fields separated by '|' but found 7
					CVE-1 | security | Low | Title | core | 11.0.24 | reference | https://example.org | x ; expected 8 fields separated by '|' but found 9
					CVE-1 | security | Severe | Title | core | 11.0.24 | reference | https://example.org ; unknown rating 'Severe' (expected Critical, Important, Moderate, Low, unknown or -)
					CVE-1 | security | low | Title | core | 11.0.24 | reference | https://example.org ; unknown rating 'low' (expected Critical, Important, Moderate, Low, unknown or -)
					CVE-1 | bug | Low | Title | core | 11.0.24 | reference | https://example.org ; unknown kind 'bug'
					CVE-1 | security | Low | Title | core | 11.0.24 | guess | https://example.org ; unknown verification 'guess'
					CVE-1 | security | Low | | core | 11.0.24 | reference | https://example.org ; field 4 is empty
					CVE-1 | security | Low | Title | core | 11.0.26 | reference | https://example.org ; fixed version 11.0.26 is newer than the latest known 11.0 release 11.0.25
					CVE-1 | security | Low | Title | core | 11.0.24 since 11.0.24 | reference | https://example.org ; first affected version 11.0.24 must be in the range that ends at 11.0.24 on the same branch
					CVE-1 | security | Low | Title | core | 11.0.24 since 9.0.13 | reference | https://example.org ; first affected version 9.0.13 must be in the range that ends at 11.0.24 on the same branch
					CVE-1 | security | Low | Title | core | fix-unknown through 11.0.24 since 11.0.25 | reference | https://example.org ; first affected version 11.0.25 must be in the range that ends at 11.0.24 on the same branch
					CVE-1 | security | Low | Title | core | fix-unknown through 11.0.26 | reference | https://example.org ; last affected version 11.0.26 is newer than the latest known 11.0 release 11.0.25
					CVE-1 | security | Low | Title | core | 11.0.24 | osv | https://example.org ; verification 'osv' is for OSV records, not for curated data
					CVE-1 | security | Low | Title | core | 11.0.24 until 11.0.25 | reference | https://example.org ; expected '<fixed version> [since <version>]' or 'fix-unknown through <last affected version> [since <version>]' but found '11.0.24 until 11.0.25'
					CVE-1 | security | Low | Title | core | 11.0.24, 11.0.23 | reference | https://example.org ; more than one range for branch '11.0'
					CVE-1 | security | Low | Title | core | 11.0.24 | reference | http://example.org ; source 'http://example.org' is not an https URL
					""")
	void malformedAdvisoryNamesTheDataAndLine(String line, String problem) {
		assertThatExceptionOfType(AdvisoryDataException.class).isThrownBy(() -> read(HEADER + line))
			.withMessage("test.txt line 6: " + problem);
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';', quoteCharacter = '"', textBlock = """
			data-date: 2026-13-01 ; invalid date '2026-13-01' (expected yyyy-mm-dd)
			lastest: 11.0.25 ; unknown header 'lastest'
			latest: 11.0.x ; invalid version '11.0.x'
			latest: 11.0.25 2026-08-18 extra ; expected a Tomcat version and an optional release date
			end-of-life: 8.5 ; unknown branch '8.5'
			unreleased: 11.0.16 eleven ; invalid version 'eleven'
			boot: 4.0.7 ; expected a Spring Boot version and a Tomcat version
			unreleased: ; header 'unreleased' needs a value
			""")
	void malformedHeaderNamesTheDataAndLine(String line, String problem) {
		assertThatExceptionOfType(AdvisoryDataException.class)
			.isThrownBy(() -> read("# test data\n\n" + line + "\ndata-date: 2026-08-20\n"))
			.withMessage("test.txt line 3: " + problem);
	}

	@Test
	void duplicateHeaderIsReported() {
		assertThatExceptionOfType(AdvisoryDataException.class).isThrownBy(() -> read(HEADER + "latest: 11.0.24\n"))
			.withMessage("test.txt line 6: duplicate 'latest' for branch '11.0'");
		assertThatExceptionOfType(AdvisoryDataException.class)
			.isThrownBy(() -> read(HEADER + "data-date: 2026-08-21\n"))
			.withMessage("test.txt line 6: expected a single 'data-date' with one date");
	}

	@Test
	void duplicateAdvisoryIsReported() {
		assertThatExceptionOfType(AdvisoryDataException.class).isThrownBy(() -> read(HEADER + ADVISORY + ADVISORY))
			.withMessage("test.txt line 7: duplicate advisory 'CVE-1'");
	}

	@Test
	void headerAfterAdvisoryIsReported() {
		assertThatExceptionOfType(AdvisoryDataException.class)
			.isThrownBy(() -> read(HEADER + ADVISORY + "latest: 10.1.59\n"))
			.withMessage("test.txt line 7: header 'latest' must come before the first advisory");
	}

	@Test
	void missingDataDateIsReported() {
		assertThatExceptionOfType(AdvisoryDataException.class).isThrownBy(() -> read("# no date\nlatest: 11.0.25\n"))
			.withMessage("test.txt: missing required header 'data-date'");
	}

	@Test
	void bundledDataIsRead() {
		AdvisoryData data = AdvisoryDataReader.readBundled();
		assertThat(data.dataDate()).isEqualTo(LocalDate.of(2026, 11, 19));
		assertThat(data.latestReleases()).containsOnlyKeys("11.0", "10.1", "9.0", "8.5");
		assertThat(data.latestRelease("11.0").version()).hasToString("11.0.29");
		assertThat(data.latestRelease("10.1").version()).hasToString("10.1.62");
		assertThat(data.latestRelease("9.0").version()).hasToString("9.0.124");
		assertThat(data.endOfLifeBranches()).containsExactly("8.5");
		Map<Kind, Long> counts = data.advisories()
			.stream()
			.collect(Collectors.groupingBy(Advisory::kind, Collectors.counting()));
		assertThat(counts).containsEntry(Kind.SECURITY, 95L).containsEntry(Kind.PERFORMANCE, 10L);
	}

	@Test
	void bundledAdvisoriesHaveAnHttpsSourceAndComponents() {
		assertThat(AdvisoryDataReader.readBundled().advisories()).allSatisfy((advisory) -> {
			assertThat(advisory.source()).startsWith("https://");
			assertThat(advisory.components()).isNotEmpty();
			assertThat(advisory.affected()).isNotEmpty();
		});
	}

	// Only the October and November 2026 records, read as excerpts, show no rating yet
	private static final Set<String> RATING_NOT_PUBLISHED = Set.of("CVE-2026-74048", "CVE-2026-74049", "CVE-2026-93446",
			"CVE-2026-116600", "CVE-2026-116830", "CVE-2026-117517", "CVE-2026-118028", "CVE-2026-118233",
			"CVE-2026-118436");

	@Test
	void bundledSecurityAdvisoriesHaveTomcatsRatingAndLatencyBugsNone() {
		assertThat(AdvisoryDataReader.readBundled().advisories()).allSatisfy((advisory) -> {
			if (advisory.kind() == Kind.SECURITY) {
				assertThat(advisory.rating() == Severity.UNRATED).as(advisory.id())
					.isEqualTo(RATING_NOT_PUBLISHED.contains(advisory.id()));
			}
			else {
				assertThat(advisory.rating()).isEqualTo(Severity.UNRATED);
			}
		});
	}

	@Test
	void bundledDataStoresOnlyReleasedFixes() {
		AdvisoryData data = AdvisoryDataReader.readBundled();
		assertThat(data.advisories()).flatExtracting(Advisory::affected)
			.filteredOn((range) -> range.fixedIn() != null)
			.allSatisfy((range) -> assertThat(data.isReleased(range.fixedIn())).isTrue());
	}

	private static AdvisoryData read(String content) throws IOException {
		return AdvisoryDataReader.read(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), "test.txt");
	}

	// The advisory's first affected range on a branch, or null.
	private static AffectedRange onBranch(Advisory advisory, String branch) {
		return advisory.affected().stream().filter((range) -> range.branch().equals(branch)).findFirst().orElse(null);
	}

}
