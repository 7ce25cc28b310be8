package io.github.tomcatlatency.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.advisory.AdvisoryData;
import io.github.tomcatlatency.advisory.AdvisoryDataReader;
import io.github.tomcatlatency.advisory.Component;
import io.github.tomcatlatency.advisory.TomcatVersion;
import io.github.tomcatlatency.advisory.VersionRisk;
import io.github.tomcatlatency.advisory.VersionRiskAssessor;
import io.github.tomcatlatency.report.TomcatLatencyReport.AdvisoryState;
import io.github.tomcatlatency.report.TomcatLatencyReport.TomcatState;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TomcatAdvisories}.
 */
class TomcatAdvisoriesTests {

	private static final AdvisoryData DATA = AdvisoryDataReader.readBundled();

	@Test
	void advisoryAppliesOnlyWhenEveryComponentIsUsed() {
		TomcatAdvisories advisories = new TomcatAdvisories(DATA, AdvisoryDataOrigin.BUNDLED, "Apache Tomcat/11.0.2");
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
		TomcatAdvisories advisories = new TomcatAdvisories(DATA, AdvisoryDataOrigin.BUNDLED, "Apache Tomcat/11.0.2");
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
		TomcatAdvisories advisories = new TomcatAdvisories(DATA, AdvisoryDataOrigin.BUNDLED, "Apache Tomcat");
		assertThat(advisories.state(Map.of(), List.of()).status()).isEqualTo(VersionRisk.Status.UNKNOWN_VERSION);
		assertThat(advisories.severityGauge(Map.of())).isEqualTo(-1);
	}

	@Test
	void versionNewerThanTheDataIsUnknown() {
		TomcatAdvisories advisories = new TomcatAdvisories(DATA, AdvisoryDataOrigin.BUNDLED, "Apache Tomcat/11.0.99");
		assertThat(advisories.state(Map.of(), List.of()).status())
			.isEqualTo(VersionRisk.Status.UNKNOWN_NEWER_THAN_DATA);
		assertThat(advisories.severityGauge(Map.of())).isEqualTo(-1);
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
