package io.github.tomcatlatency.scan;

import java.util.List;

import io.github.tomcatlatency.advisory.AdvisoryDataSelection;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.advisory.Severity;
import io.github.tomcatlatency.advisory.VersionRisk.Status;
import io.github.tomcatlatency.scan.ScanVerdict.Applicability;
import io.github.tomcatlatency.scan.ScanVerdict.Finding;
import io.github.tomcatlatency.scan.ScanVerdict.Tomcat;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ScanVerdict}, {@link FailLevel} and {@link TextReport} on the bundled
 * data.
 */
class ScanVerdictTests {

	private static final SelectedAdvisoryData DATA = new AdvisoryDataSelection().select();

	@Test
	void incidentVersion() {
		Tomcat tomcat = verdict("8.5.31").tomcat();
		assertThat(tomcat.status()).isEqualTo(Status.END_OF_LIFE);
		assertThat(tomcat.branch()).isEqualTo("8.5");
		Finding bug = tomcat.advisories()
			.stream()
			.filter((finding) -> finding.id().equals("BZ-62968"))
			.findFirst()
			.orElseThrow();
		assertThat(bug.fixedIn()).isEqualTo("8.5.37");
		assertThat(bug.applies()).isEqualTo(Applicability.YES);
		assertThat(bug.components()).containsExactly("core");
		assertThat(tomcat.remedy().maven()).isEqualTo("<tomcat.version>8.5.37</tomcat.version>");
		assertThat(tomcat.remedy().springBootReleases()).contains("2.0.8");
	}

	@Test
	void advisoryNeedingMoreThanTomcatMayApply() {
		// Tomcat 11.0.0 is affected by advisories that need HTTP/2, AJP, realms...
		List<Finding> findings = verdict("11.0.0").tomcat().advisories();
		assertThat(findings).anySatisfy((finding) -> {
			assertThat(finding.components()).isNotEqualTo(List.of("core"));
			assertThat(finding.applies()).isEqualTo(Applicability.MAYBE);
		});
		assertThat(findings).allSatisfy((finding) -> assertThat(finding.applies())
			.isEqualTo(finding.components().equals(List.of("core")) ? Applicability.YES : Applicability.MAYBE));
	}

	@Test
	void unreadableVersion() {
		Tomcat tomcat = verdict("11.0.x-custom").tomcat();
		assertThat(tomcat.status()).isEqualTo(Status.UNKNOWN_VERSION);
		assertThat(tomcat.version()).isEqualTo("11.0.x-custom");
		assertThat(FailLevel.CRITICAL.isReachedBy(verdict("11.0.x-custom"))).isTrue();
	}

	@Test
	void noTomcatNeverFails() {
		ScanVerdict verdict = ScanVerdict.of(new ApplicationContents("app.jar", null, null, "4.0.7", List.of()), DATA);
		assertThat(verdict.tomcat()).isNull();
		for (FailLevel level : FailLevel.values()) {
			assertThat(level.isReachedBy(verdict)).isFalse();
		}
		assertThat(TextReport.lines(verdict)).anyMatch((line) -> line.contains("Tomcat: not found"));
	}

	@Test
	void uncoveredStatusReachesEveryLevelButNone() {
		ScanVerdict endOfLife = verdict("8.5.31");
		assertThat(FailLevel.NONE.isReachedBy(endOfLife)).isFalse();
		assertThat(FailLevel.CRITICAL.isReachedBy(endOfLife)).isTrue();
		ScanVerdict newer = verdict("11.0.999");
		assertThat(newer.tomcat().status()).isEqualTo(Status.UNKNOWN_NEWER_THAN_DATA);
		assertThat(FailLevel.CRITICAL.isReachedBy(newer)).isTrue();
	}

	@Test
	void coveredVersionFailsFromItsHighestRating() {
		ScanVerdict verdict = verdict("11.0.0");
		Severity highest = verdict.tomcat().highestSeverity();
		assertThat(highest.gaugeValue()).isPositive();
		for (FailLevel level : FailLevel.values()) {
			boolean expected = level != FailLevel.NONE && highest.gaugeValue() >= threshold(level);
			assertThat(level.isReachedBy(verdict)).as(level.name()).isEqualTo(expected);
		}
	}

	@Test
	void currentVersionPasses() {
		String latest = DATA.data().latestRelease("11.0").version().toString();
		ScanVerdict verdict = verdict(latest);
		assertThat(verdict.tomcat().status()).isEqualTo(Status.CURRENT);
		assertThat(verdict.tomcat().advisories()).isEmpty();
		assertThat(FailLevel.LOW.isReachedBy(verdict)).isFalse();
	}

	@Test
	void failLevelByName() {
		assertThat(FailLevel.of("Important")).isEqualTo(FailLevel.IMPORTANT);
		assertThat(FailLevel.of(" none ")).isEqualTo(FailLevel.NONE);
		assertThat(FailLevel.IMPORTANT).hasToString("important");
	}

	private static int threshold(FailLevel level) {
		return Severity.valueOf(level.name()).gaugeValue();
	}

	private static ScanVerdict verdict(String tomcatVersion) {
		return ScanVerdict
			.of(new ApplicationContents("app.jar", tomcatVersion, "tomcat-embed-core.jar", null, List.of()), DATA);
	}

}
