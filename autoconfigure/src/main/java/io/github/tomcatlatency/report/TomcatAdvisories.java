package io.github.tomcatlatency.report;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.AdvisoryData;
import io.github.tomcatlatency.advisory.Component;
import io.github.tomcatlatency.advisory.Severity;
import io.github.tomcatlatency.advisory.TomcatVersion;
import io.github.tomcatlatency.advisory.VersionRisk;
import io.github.tomcatlatency.advisory.VersionRisk.Finding;
import io.github.tomcatlatency.advisory.VersionRiskAssessor;
import io.github.tomcatlatency.report.TomcatLatencyReport.AdvisoryState;
import io.github.tomcatlatency.report.TomcatLatencyReport.TomcatState;
import io.github.tomcatlatency.report.TomcatLatencyReport.Upgrade;
import org.apache.catalina.util.ServerInfo;
import org.jspecify.annotations.Nullable;

/**
 * The advisories that affect the running Tomcat, assessed once at start-up, and which of
 * them apply to this application given the components it uses.
 */
public final class TomcatAdvisories {

	private final @Nullable VersionRisk risk;

	private final AdvisoryDataOrigin dataOrigin;

	/**
	 * Assess the running Tomcat.
	 * @param data the advisory data
	 * @param dataOrigin where the data comes from
	 */
	public TomcatAdvisories(AdvisoryData data, AdvisoryDataOrigin dataOrigin) {
		this(data, dataOrigin, ServerInfo.getServerInfo());
	}

	TomcatAdvisories(AdvisoryData data, AdvisoryDataOrigin dataOrigin, String serverInfo) {
		TomcatVersion version = parse(serverInfo);
		this.risk = (version != null) ? new VersionRiskAssessor(data).assess(version) : null;
		this.dataOrigin = dataOrigin;
	}

	private static @Nullable TomcatVersion parse(String serverInfo) {
		// "Apache Tomcat/11.0.22"; server.info may be changed to hide the version.
		try {
			return TomcatVersion.parse(serverInfo.substring(serverInfo.indexOf('/') + 1).trim());
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * Return the gauge value of the highest severity among the advisories that may apply:
	 * 0 none to 4 critical, or -1 when the data cannot judge this Tomcat.
	 * @param usage the components the application uses
	 * @return the gauge value
	 */
	int severityGauge(Map<Component, ComponentUsage> usage) {
		if (this.risk == null || !this.risk.status().isCovered()) {
			return -1;
		}
		return highestSeverity(usage).gaugeValue();
	}

	TomcatState state(Map<Component, ComponentUsage> usage, List<ConfigurationRisk> risks) {
		VersionRisk risk = this.risk;
		if (risk == null) {
			return new TomcatState("unknown", null, VersionRisk.Status.UNKNOWN_VERSION, null, 0, null, this.dataOrigin,
					Severity.NONE, List.of(), null, risks);
		}
		List<AdvisoryState> advisories = risk.advisories()
			.stream()
			.map((finding) -> advisory(finding, usage))
			.sorted(Comparator.comparing(AdvisoryState::applies))
			.toList();
		Upgrade remedy = (risk.remedy() != null) ? new Upgrade(risk.remedy().version().toString(),
				risk.remedy().mavenProperty(), risk.remedy().gradleProperty(), risk.remedy().bootReleases()) : null;
		return new TomcatState(risk.runningVersion().toString(), risk.branch(), risk.status(),
				(risk.latestRelease() != null) ? risk.latestRelease().version().toString() : null,
				risk.releasesBehind(), risk.dataDate(), this.dataOrigin, highestSeverity(usage), advisories, remedy,
				risks);
	}

	private Severity highestSeverity(Map<Component, ComponentUsage> usage) {
		if (this.risk == null) {
			return Severity.NONE;
		}
		return this.risk.advisories()
			.stream()
			.filter((finding) -> finding.kind() == Kind.SECURITY && applies(finding, usage) != Applicability.NO)
			.map(Finding::rating)
			.max(Comparator.naturalOrder())
			.orElse(Severity.NONE);
	}

	private static AdvisoryState advisory(Finding finding, Map<Component, ComponentUsage> usage) {
		Map<String, ComponentUsage> components = new LinkedHashMap<>();
		finding.components().forEach((component) -> components.put(name(component), usage.get(component)));
		return new AdvisoryState(finding.id(), finding.kind(), finding.rating(), finding.title(),
				applies(finding, usage), components, finding.fixedIn().toString(), finding.source());
	}

	private static Applicability applies(Finding finding, Map<Component, ComponentUsage> usage) {
		Applicability applies = Applicability.YES;
		for (Component component : finding.components()) {
			ComponentUsage componentUsage = usage.getOrDefault(component, ComponentUsage.UNKNOWN);
			if (componentUsage == ComponentUsage.NOT_USED) {
				return Applicability.NO;
			}
			if (componentUsage == ComponentUsage.UNKNOWN) {
				applies = Applicability.MAYBE;
			}
		}
		return applies;
	}

	private static String name(Component component) {
		return component.name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
