package io.github.tomcatlatency.report;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.Advisory.Verification;
import io.github.tomcatlatency.advisory.AdvisoryData;
import io.github.tomcatlatency.advisory.Component;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.advisory.Severity;
import io.github.tomcatlatency.advisory.TomcatVersion;
import io.github.tomcatlatency.advisory.VersionRisk;
import io.github.tomcatlatency.advisory.VersionRisk.Finding;
import io.github.tomcatlatency.advisory.VersionRisk.Remedy;
import io.github.tomcatlatency.advisory.VersionRisk.Status;
import io.github.tomcatlatency.advisory.VersionRiskAssessor;
import io.github.tomcatlatency.report.TomcatLatencyReport.AdvisoryDataState;
import io.github.tomcatlatency.report.TomcatLatencyReport.AdvisoryState;
import io.github.tomcatlatency.report.TomcatLatencyReport.TomcatState;
import io.github.tomcatlatency.report.TomcatLatencyReport.Upgrade;
import org.apache.catalina.util.ServerInfo;
import org.jspecify.annotations.Nullable;

/**
 * The advisories that affect the running Tomcat, assessed once at start-up, which of them
 * apply to this application given the components it uses, and how old the data behind
 * that verdict is. It keeps what the assessment found, not the advisory data it read: the
 * data is held only while it is assessed.
 */
public final class TomcatAdvisories {

	private static final String DATA_REMEDY = "Upgrade the io.github.tomcatlatency:tomcat-latency-advisories "
			+ "dependency to a newer version, or point tomcat-latency.advisories.location at newer data.";

	private final @Nullable VersionRisk risk;

	private final @Nullable Upgrade upgrade;

	private final SelectedAdvisoryData.Source source;

	private final LocalDate dataDate;

	private final int osvAdvisories;

	private final List<String> warnings;

	private final Duration maxAge;

	private final Clock clock;

	/**
	 * Assess the running Tomcat.
	 * @param data the advisory data in use
	 * @param maxAge the age from which the data is reported as stale
	 * @param clock the clock that tells the data's age
	 */
	public TomcatAdvisories(SelectedAdvisoryData data, Duration maxAge, Clock clock) {
		this(data, maxAge, clock, ServerInfo.getServerInfo());
	}

	TomcatAdvisories(SelectedAdvisoryData data, Duration maxAge, Clock clock, String serverInfo) {
		TomcatVersion version = runningVersion(serverInfo);
		this.risk = (version != null) ? new VersionRiskAssessor(data.data()).assess(version) : null;
		this.upgrade = (this.risk != null) ? upgrade(this.risk.remedy(), data.data()) : null;
		this.source = data.source();
		this.dataDate = data.data().dataDate();
		this.osvAdvisories = data.osvAdvisories();
		this.warnings = data.warnings();
		this.maxAge = maxAge;
		this.clock = clock;
	}

	/**
	 * Return the running Tomcat's version.
	 * @param serverInfo the {@code server.info}
	 * @return the version, or {@code null} when {@code server.info} hides it
	 */
	static @Nullable TomcatVersion runningVersion(String serverInfo) {
		// "Apache Tomcat/11.0.22"; server.info may be changed to hide the version.
		try {
			return TomcatVersion.parse(serverInfo.substring(serverInfo.indexOf('/') + 1).trim());
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * Return the state of the advisory data the running Tomcat was assessed with: where
	 * it came from, its date and age, and what its selection warned of.
	 * @return the data's state, its age read now
	 */
	public AdvisoryDataState dataState() {
		long age = ageDays();
		return new AdvisoryDataState(this.source, this.dataDate, age, maxAgeDays(), age > maxAgeDays(),
				this.osvAdvisories, this.warnings);
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

	/**
	 * Return the age of the advisory data in days, from its data date to today.
	 * @return the age in days
	 */
	long ageDays() {
		return ChronoUnit.DAYS.between(this.dataDate, LocalDate.now(this.clock));
	}

	/**
	 * Return the configured maximum age of the advisory data in days.
	 * @return the maximum age in days
	 */
	long maxAgeDays() {
		return this.maxAge.toDays();
	}

	TomcatState state(Map<Component, ComponentUsage> usage, List<ConfigurationRisk> risks) {
		// One reading of the data's age, so that its state and its risks agree
		AdvisoryDataState dataState = dataState();
		List<ConfigurationRisk> allRisks = new ArrayList<>(dataRisks(dataState));
		allRisks.addAll(risks);
		VersionRisk risk = this.risk;
		if (risk == null) {
			return new TomcatState("unknown", null, Status.UNKNOWN_VERSION, null, 0, dataState, Severity.NONE,
					List.of(), null, allRisks);
		}
		List<AdvisoryState> advisories = risk.advisories()
			.stream()
			.map((finding) -> advisory(finding, usage))
			.sorted(Comparator.comparing(AdvisoryState::applies))
			.toList();
		return new TomcatState(risk.runningVersion().toString(), risk.branch(), risk.status(),
				(risk.latestRelease() != null) ? risk.latestRelease().version().toString() : null,
				risk.releasesBehind(), dataState, highestSeverity(usage), advisories, this.upgrade, allRisks);
	}

	// Staleness is a finding: data too old for the configured maximum, or older than the
	// running Tomcat, is reported with how to get newer data
	private List<ConfigurationRisk> dataRisks(AdvisoryDataState dataState) {
		List<ConfigurationRisk> risks = new ArrayList<>();
		LocalDate dataDate = dataState.dataDate();
		if (this.risk != null && this.risk.status() == Status.UNKNOWN_NEWER_THAN_DATA) {
			risks.add(new ConfigurationRisk("tomcat-newer-than-advisory-data", ConfigurationRisk.Severity.HIGH,
					"Tomcat " + this.risk.runningVersion() + " is newer than the advisory data (dated " + dataDate
							+ ", newest known " + this.risk.branch() + " release " + this.risk.latestRelease().version()
							+ "): its advisories are unknown, not absent.",
					DATA_REMEDY));
		}
		if (dataState.stale()) {
			risks.add(new ConfigurationRisk("advisory-data-stale", ConfigurationRisk.Severity.HIGH,
					"The advisory data is " + dataState.ageDays() + " days old (dated " + dataDate + ", "
							+ dataState.source().name().toLowerCase(Locale.ROOT)
							+ "), older than tomcat-latency.advisories.max-age (" + dataState.maxAgeDays()
							+ " days): advisories published since are missing from this report.",
					DATA_REMEDY));
		}
		for (String warning : dataState.warnings()) {
			risks.add(new ConfigurationRisk("advisory-data-warning", ConfigurationRisk.Severity.MEDIUM, warning,
					DATA_REMEDY));
		}
		return risks;
	}

	private static @Nullable Upgrade upgrade(@Nullable Remedy remedy, AdvisoryData data) {
		if (remedy == null) {
			return null;
		}
		String springBoot = remedy.bootReleases().isEmpty()
				? "No Spring Boot release known to the advisory data (dated " + data.dataDate() + ") ships Tomcat "
						+ remedy.version() + " or a newer " + remedy.version().branch() + " release"
						+ newestBootRelease(data, remedy.version().branch())
						+ ": keep your Spring Boot version and override its managed Tomcat with the "
						+ "tomcat.version property (the Maven or Gradle line)."
				: "Spring Boot " + String.join(", ", remedy.bootReleases()) + " ship Tomcat " + remedy.version()
						+ " or newer; or override the managed Tomcat with the tomcat.version property.";
		return new Upgrade(remedy.version().toString(), remedy.mavenProperty(), remedy.gradleProperty(),
				remedy.bootReleases(), springBoot, remedy.fixUnconfirmed(), remedy.fixUnknown());
	}

	/**
	 * Describe the newest Spring Boot release the data knows on a Tomcat branch: on a
	 * line that no longer gets releases, such as Spring Boot 3.5 after its open-source
	 * support, it tells how far the last release is behind.
	 * @param data the advisory data
	 * @param branch the Tomcat branch
	 * @return the description, or an empty string when no release is known on the branch
	 */
	private static String newestBootRelease(AdvisoryData data, String branch) {
		return data.bootReleases()
			.stream()
			.filter((release) -> !release.isMilestone() && release.tomcatVersion().branch().equals(branch))
			// Of releases managing the same Tomcat, the data lists the newest last.
			.reduce((newest, next) -> (next.tomcatVersion().compareTo(newest.tomcatVersion()) >= 0) ? next : newest)
			.map((release) -> " (the newest it knows on Tomcat " + branch + ", Spring Boot " + release.version()
					+ ", manages " + release.tomcatVersion() + ")")
			.orElse("");
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
				applies(finding, usage), components, toString(finding.fixedIn()), toString(finding.lastAffected()),
				finding.source(), finding.verification() == Verification.OSV, finding.aliases());
	}

	private static Applicability applies(Finding finding, Map<Component, ComponentUsage> usage) {
		// An OSV record does not say which components it needs
		if (finding.verification() == Verification.OSV) {
			return Applicability.MAYBE;
		}
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

	private static @Nullable String toString(@Nullable TomcatVersion version) {
		return (version != null) ? version.toString() : null;
	}

	private static String name(Component component) {
		return component.name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
