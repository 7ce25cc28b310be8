package io.github.tomcatlatency.report;

import java.lang.ref.WeakReference;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.advisory.Advisory;
import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.Advisory.Verification;
import io.github.tomcatlatency.advisory.AdvisoryData;
import io.github.tomcatlatency.advisory.AdvisoryDataReader;
import io.github.tomcatlatency.advisory.AffectedRange;
import io.github.tomcatlatency.advisory.Component;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData.Source;
import io.github.tomcatlatency.advisory.Severity;
import io.github.tomcatlatency.advisory.TomcatVersion;
import io.github.tomcatlatency.advisory.VersionRisk.Status;
import io.github.tomcatlatency.advisory.VersionRiskAssessor;
import io.github.tomcatlatency.report.TomcatLatencyReport.AdvisoryDataState;
import io.github.tomcatlatency.report.TomcatLatencyReport.AdvisoryState;
import io.github.tomcatlatency.report.TomcatLatencyReport.TomcatState;
import io.github.tomcatlatency.report.TomcatLatencyReport.Upgrade;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.catalina.util.ServerInfo;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TomcatAdvisories}.
 */
class TomcatAdvisoriesTests {

	private static final Duration MAX_AGE = Duration.ofDays(60);

	private static final AdvisoryData DATA = AdvisoryDataReader.readBundled();

	private static final SelectedAdvisoryData BUNDLED = new SelectedAdvisoryData(DATA, Source.BUNDLED, 0, List.of());

	// The day after the data date: fresh data
	private static final Clock FRESH = clockAt(DATA.dataDate().plusDays(1));

	@Test
	void severityGaugeIsComputedOnUpdateNotOnEachScrape() {
		AtomicInteger lookups = new AtomicInteger();
		TomcatAdvisoryMeterBinder binder = new TomcatAdvisoryMeterBinder(
				new TomcatAdvisories(BUNDLED, MAX_AGE, FRESH, "Apache Tomcat/11.0.2"), () -> {
					lookups.incrementAndGet();
					return null;
				});
		SimpleMeterRegistry registry = new SimpleMeterRegistry();
		binder.bindTo(registry);
		Gauge severity = registry.get(TomcatAdvisoryMeterBinder.METER_NAME).gauge();
		// 11.0.2 is below the fix of advisories rated important (CVE-2025-24813 among
		// them) and of none rated critical.
		for (int i = 0; i < 3; i++) {
			assertThat(severity.value()).isEqualTo(Severity.IMPORTANT.gaugeValue());
		}
		assertThat(lookups).hasValue(1);
		binder.update();
		assertThat(severity.value()).isEqualTo(Severity.IMPORTANT.gaugeValue());
		assertThat(lookups).hasValue(2);
	}

	@Test
	void withoutAdvisoriesTheStateHasTheVersionAndTheRisksButNoVerdict() {
		ConfigurationRisk risk = new ConfigurationRisk("some-risk", ConfigurationRisk.Severity.LOW, "finding",
				"remedy");
		TomcatState state = TomcatState.withoutAdvisories(List.of(risk));
		assertThat(state.version()).isEqualTo(ServerInfo.getServerNumber().replaceAll("\\.0$", ""));
		assertThat(state.configurationRisks()).containsExactly(risk);
		assertThat(state.status()).isNull();
		assertThat(state.highestSeverity()).isNull();
		assertThat(state.advisories()).isNull();
		assertThat(state.advisoryData()).isNull();
	}

	@Test
	void advisoryAppliesOnlyWhenEveryComponentIsUsed() {
		TomcatAdvisories advisories = new TomcatAdvisories(BUNDLED, MAX_AGE, FRESH, "Apache Tomcat/11.0.2");
		Map<Component, ComponentUsage> usage = usage(ComponentUsage.NOT_USED);
		usage.put(Component.CORE, ComponentUsage.USED);
		usage.put(Component.HTTP2, ComponentUsage.USED);
		TomcatState state = advisories.state(usage, List.of());
		assertThat(state.version()).isEqualTo("11.0.2");
		assertThat(state.advisories()).isNotEmpty()
			.allSatisfy((advisory) -> assertThat(advisory.applies()).isEqualTo(expectedApplies(advisory, usage)));
		assertThat(state.advisories())
			.anySatisfy((advisory) -> assertThat(advisory.applies()).isEqualTo(Applicability.YES))
			.anySatisfy((advisory) -> assertThat(advisory.applies()).isEqualTo(Applicability.NO));
		// Those that apply come first.
		List<Applicability> applies = state.advisories().stream().map(AdvisoryState::applies).toList();
		assertThat(applies.indexOf(Applicability.NO)).isGreaterThan(applies.lastIndexOf(Applicability.YES));
		assertThat(state.remedy()).isNotNull();
		assertThat(state.remedy().maven())
			.isEqualTo("<tomcat.version>" + state.remedy().version() + "</tomcat.version>");
	}

	@Test
	void unknownComponentsMakeAnAdvisoryMaybeAndCountForTheGauge() {
		TomcatAdvisories advisories = new TomcatAdvisories(BUNDLED, MAX_AGE, FRESH, "Apache Tomcat/11.0.2");
		int allUnused = advisories.severityGauge(withCore(usage(ComponentUsage.NOT_USED)));
		int allUnknown = advisories.severityGauge(withCore(usage(ComponentUsage.UNKNOWN)));
		int everyAdvisory = new VersionRiskAssessor(DATA).assess(TomcatVersion.parse("11.0.2"))
			.highestSeverity()
			.gaugeValue();
		assertThat(allUnknown).isGreaterThan(allUnused).isEqualTo(everyAdvisory);
		assertThat(advisories.state(withCore(usage(ComponentUsage.UNKNOWN)), List.of()).advisories())
			.allSatisfy((advisory) -> assertThat(advisory.applies()).isIn(Applicability.YES, Applicability.MAYBE));
	}

	@Test
	void hiddenVersionIsReportedAsUnknownNeverAsSafe() {
		TomcatAdvisories advisories = new TomcatAdvisories(BUNDLED, MAX_AGE, FRESH, "Apache Tomcat");
		assertThat(advisories.state(Map.of(), List.of()).status()).isEqualTo(Status.UNKNOWN_VERSION);
		assertThat(advisories.severityGauge(Map.of())).isEqualTo(-1);
	}

	@Test
	void versionNewerThanTheDataIsUnknown() {
		TomcatAdvisories advisories = new TomcatAdvisories(BUNDLED, MAX_AGE, FRESH, "Apache Tomcat/11.0.99");
		assertThat(advisories.state(Map.of(), List.of()).status()).isEqualTo(Status.UNKNOWN_NEWER_THAN_DATA);
		assertThat(advisories.severityGauge(Map.of())).isEqualTo(-1);
	}

	@Test
	void springBoot35TomcatNamesTheLastBootReleaseOfItsBranchAndTheOverride() {
		// Boot 3.5.7's Tomcat; no Spring Boot release the data knows ships 10.1.62.
		TomcatState state = new TomcatAdvisories(BUNDLED, MAX_AGE, FRESH, "Apache Tomcat/10.1.48")
			.state(usage(ComponentUsage.UNKNOWN), List.of());
		assertThat(state.status()).isEqualTo(Status.BEHIND);
		Upgrade remedy = state.remedy();
		assertThat(remedy.version()).isEqualTo("10.1.62");
		assertThat(remedy.springBootReleases()).isEmpty();
		assertThat(remedy.springBoot()).contains("ships Tomcat 10.1.62 or a newer 10.1 release")
			.contains("the newest it knows on Tomcat 10.1, Spring Boot 3.5.16, manages 10.1.55")
			.contains("tomcat.version property");
		assertThat(remedy.maven()).isEqualTo("<tomcat.version>10.1.62</tomcat.version>");
	}

	@Test
	void newestBootTomcatIsBehindWithTheNovemberAdvisoriesAndTheOverride() {
		TomcatState state = new TomcatAdvisories(BUNDLED, MAX_AGE, FRESH, "Apache Tomcat/11.0.27")
			.state(usage(ComponentUsage.UNKNOWN), List.of());
		assertThat(state.status()).isEqualTo(Status.BEHIND);
		assertThat(state.latestKnownRelease()).isEqualTo("11.0.29");
		assertThat(state.advisories()).extracting(AdvisoryState::id)
			.contains("CVE-2026-116830", "CVE-2026-117517", "CVE-2026-118233");
		Upgrade remedy = state.remedy();
		assertThat(remedy.version()).isEqualTo("11.0.29");
		assertThat(remedy.springBootReleases()).isEmpty();
		assertThat(remedy.springBoot()).startsWith("No Spring Boot release known to the advisory data")
			.contains("tomcat.version");
		assertThat(remedy.maven()).isEqualTo("<tomcat.version>11.0.29</tomcat.version>");
		assertThat(remedy.gradle()).isEqualTo("ext['tomcat.version'] = '11.0.29'");
		assertThat(remedy.fixUnconfirmed()).contains("CVE-2026-116830").doesNotContain("CVE-2026-117517");
		assertThat(state.configurationRisks()).isEmpty();
	}

	@Test
	void freshDataIsReportedWithItsAgeAndSource() {
		TomcatState state = new TomcatAdvisories(BUNDLED, MAX_AGE, FRESH, "Apache Tomcat/11.0.29").state(Map.of(),
				List.of());
		AdvisoryDataState data = state.advisoryData();
		assertThat(data.source()).isEqualTo(Source.BUNDLED);
		assertThat(data.dataDate()).isEqualTo(DATA.dataDate());
		assertThat(data.ageDays()).isEqualTo(1);
		assertThat(data.maxAgeDays()).isEqualTo(60);
		assertThat(data.stale()).isFalse();
		assertThat(state.configurationRisks()).isEmpty();
	}

	@Test
	void staleDataIsAConfigurationRiskWithTheRemedy() {
		Clock late = clockAt(DATA.dataDate().plusDays(61));
		TomcatAdvisories advisories = new TomcatAdvisories(BUNDLED, MAX_AGE, late, "Apache Tomcat/11.0.29");
		TomcatState state = advisories.state(Map.of(), List.of());
		assertThat(state.advisoryData().ageDays()).isEqualTo(61);
		assertThat(state.advisoryData().stale()).isTrue();
		assertThat(state.configurationRisks()).singleElement().satisfies((risk) -> {
			assertThat(risk.id()).isEqualTo("advisory-data-stale");
			assertThat(risk.finding()).contains("61 days old").contains("tomcat-latency.advisories.max-age");
			assertThat(risk.remedy()).contains("tomcat-latency-advisories")
				.contains("tomcat-latency.advisories.location");
		});
		assertThat(advisories.ageDays()).isEqualTo(61);
		assertThat(advisories.maxAgeDays()).isEqualTo(60);
	}

	@Test
	void tomcatNewerThanTheDataIsAConfigurationRiskAndUnknown() {
		TomcatState state = new TomcatAdvisories(BUNDLED, MAX_AGE, FRESH, "Apache Tomcat/11.0.30").state(Map.of(),
				List.of());
		assertThat(state.status()).isEqualTo(Status.UNKNOWN_NEWER_THAN_DATA);
		assertThat(state.configurationRisks()).extracting(ConfigurationRisk::id)
			.containsExactly("tomcat-newer-than-advisory-data");
	}

	@Test
	void warningsWhileLookingForDataAreConfigurationRisks() {
		SelectedAdvisoryData fallback = new SelectedAdvisoryData(DATA, Source.BUNDLED, 0,
				List.of("The tomcat-latency-advisories artifact could not be read"));
		TomcatState state = new TomcatAdvisories(fallback, MAX_AGE, FRESH, "Apache Tomcat/11.0.29").state(Map.of(),
				List.of());
		assertThat(state.advisoryData().warnings()).hasSize(1);
		assertThat(state.configurationRisks()).extracting(ConfigurationRisk::id)
			.containsExactly("advisory-data-warning");
	}

	@Test
	void osvAdvisoryAlwaysMaybeApplies() {
		Advisory osv = new Advisory("GHSA-test", Kind.SECURITY, Severity.UNRATED, "From OSV", Set.of(),
				List.of(AffectedRange.fixedIn(null, TomcatVersion.parse("11.0.29"))), Verification.OSV,
				"https://osv.dev/vulnerability/GHSA-test", List.of("CVE-0000-1"));
		SelectedAdvisoryData data = new SelectedAdvisoryData(DATA.withOsvAdvisories(List.of(osv)), Source.BUNDLED, 1,
				List.of());
		TomcatState state = new TomcatAdvisories(data, MAX_AGE, FRESH, "Apache Tomcat/11.0.27")
			.state(usage(ComponentUsage.NOT_USED), List.of());
		assertThat(state.advisories()).filteredOn(AdvisoryState::osv).singleElement().satisfies((advisory) -> {
			assertThat(advisory.id()).isEqualTo("GHSA-test");
			assertThat(advisory.applies()).isEqualTo(Applicability.MAYBE);
			assertThat(advisory.aliases()).containsExactly("CVE-0000-1");
			assertThat(advisory.rating()).isEqualTo(Severity.UNRATED);
		});
		assertThat(state.advisoryData().osvAdvisories()).isOne();
		// Every curated advisory needs a component this usage does not have
		assertThat(state.highestSeverity()).isEqualTo(Severity.UNRATED);
	}

	@Test
	void theAdvisoryDataIsNotKeptOnceAssessed() throws Exception {
		// Read anew: the bundled copy the other tests share stays reachable.
		AdvisoryData read = AdvisoryDataReader.readBundled();
		WeakReference<AdvisoryData> data = new WeakReference<>(read);
		TomcatAdvisories advisories = new TomcatAdvisories(new SelectedAdvisoryData(read, Source.BUNDLED, 0, List.of()),
				MAX_AGE, FRESH, "Apache Tomcat/11.0.2");
		read = null;
		for (int i = 0; i < 50 && data.get() != null; i++) {
			System.gc();
			Thread.sleep(10);
		}
		assertThat(data.get()).isNull();
		TomcatState state = advisories.state(usage(ComponentUsage.USED), List.of());
		assertThat(state.advisories()).isNotEmpty();
		assertThat(state.advisoryData().dataDate()).isEqualTo(DATA.dataDate());
		assertThat(state.remedy()).isNotNull();
	}

	private static Clock clockAt(LocalDate date) {
		return Clock.fixed(date.atStartOfDay(ZoneOffset.UTC).toInstant(), ZoneOffset.UTC);
	}

	private static Applicability expectedApplies(AdvisoryState advisory, Map<Component, ComponentUsage> usage) {
		return advisory.components().containsValue(ComponentUsage.NOT_USED) ? Applicability.NO : Applicability.YES;
	}

	private static Map<Component, ComponentUsage> withCore(Map<Component, ComponentUsage> usage) {
		usage.put(Component.CORE, ComponentUsage.USED);
		return usage;
	}

	private static Map<Component, ComponentUsage> usage(ComponentUsage value) {
		Map<Component, ComponentUsage> usage = new EnumMap<>(Component.class);
		for (Component component : Component.values()) {
			usage.put(component, value);
		}
		return usage;
	}

}
