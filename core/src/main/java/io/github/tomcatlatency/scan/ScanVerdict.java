package io.github.tomcatlatency.scan;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.Advisory.Verification;
import io.github.tomcatlatency.advisory.Component;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.advisory.Severity;
import io.github.tomcatlatency.advisory.TomcatVersion;
import io.github.tomcatlatency.advisory.VersionRisk;
import io.github.tomcatlatency.advisory.VersionRisk.Remedy;
import io.github.tomcatlatency.advisory.VersionRisk.Status;
import io.github.tomcatlatency.advisory.VersionRiskAssessor;
import org.jspecify.annotations.Nullable;

/**
 * The verdict on an application's Tomcat: the fields of the endpoint's {@code tomcat}
 * section that do not depend on a running server, for a version found by a scan.
 *
 * @param location the scanned archive, directory or project
 * @param springBootVersion the Spring Boot version found, or {@code null}
 * @param tomcat the verdict on the Tomcat found, or {@code null} when none was found
 * @param staticResourceJars the jars of static resources Tomcat has to search
 * @param advisoryData the advisory data behind the verdict
 */
public record ScanVerdict(String location, @Nullable String springBootVersion, @Nullable Tomcat tomcat,
		List<String> staticResourceJars, AdvisoryDataState advisoryData) {

	public ScanVerdict {
		staticResourceJars = List.copyOf(staticResourceJars);
	}

	/**
	 * Assess what a scan found.
	 * @param contents what the scan found
	 * @param data the advisory data to assess it against
	 * @return the verdict
	 */
	public static ScanVerdict of(ApplicationContents contents, SelectedAdvisoryData data) {
		AdvisoryDataState dataState = new AdvisoryDataState(data.source(), data.data().dataDate(), data.osvAdvisories(),
				data.warnings());
		String version = contents.tomcatVersion();
		Tomcat tomcat = (version != null)
				? tomcat(version, contents.tomcatArtifact(), new VersionRiskAssessor(data.data())) : null;
		return new ScanVerdict(contents.location(), contents.springBootVersion(), tomcat, contents.staticResourceJars(),
				dataState);
	}

	private static Tomcat tomcat(String version, @Nullable String artifact, VersionRiskAssessor assessor) {
		TomcatVersion parsed;
		try {
			parsed = TomcatVersion.parse(version);
		}
		catch (IllegalArgumentException ex) {
			return new Tomcat(version, artifact, null, Status.UNKNOWN_VERSION, null, 0, Severity.NONE, List.of(), null);
		}
		VersionRisk risk = assessor.assess(parsed);
		List<Finding> findings = risk.advisories().stream().map(ScanVerdict::finding).toList();
		return new Tomcat(version, artifact, risk.branch(), risk.status(),
				(risk.latestRelease() != null) ? risk.latestRelease().version().toString() : null,
				risk.releasesBehind(), risk.highestSeverity(), findings, upgrade(risk.remedy()));
	}

	private static Finding finding(VersionRisk.Finding finding) {
		// A scan sees no server configuration: only an advisory of any application
		// (core) surely applies; an OSV record does not say what it needs
		boolean osv = finding.verification() == Verification.OSV;
		boolean applies = !osv && finding.components().equals(Set.of(Component.CORE));
		return new Finding(finding.id(), finding.kind(), finding.rating(), finding.title(),
				applies ? Applicability.YES : Applicability.MAYBE,
				finding.components().stream().map(ScanVerdict::name).toList(), toString(finding.fixedIn()),
				toString(finding.lastAffected()), finding.source(), osv, finding.aliases());
	}

	private static @Nullable Upgrade upgrade(@Nullable Remedy remedy) {
		if (remedy == null) {
			return null;
		}
		return new Upgrade(remedy.version().toString(), remedy.mavenProperty(), remedy.gradleProperty(),
				remedy.bootReleases(), remedy.fixUnconfirmed(), remedy.fixUnknown());
	}

	private static @Nullable String toString(@Nullable TomcatVersion version) {
		return (version != null) ? version.toString() : null;
	}

	private static String name(Component component) {
		return component.name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/**
	 * The verdict on the Tomcat found.
	 *
	 * @param version the version as its jar states it
	 * @param artifact the jar it was read from, or {@code null}
	 * @param branch the branch, for example {@code "8.5"}, or {@code null} when the
	 * version cannot be read
	 * @param status how the version relates to the releases the data knows
	 * @param latestKnownRelease the newest release of the branch the data knows, or
	 * {@code null}
	 * @param releasesBehind how many releases of the branch are newer
	 * @param highestSeverity the highest rating among the security advisories that affect
	 * the version; {@code NONE} means safe only when the status is covered
	 * @param advisories the advisories and latency bugs that affect the version
	 * @param remedy the upgrade that fixes them all, or {@code null} when none affects it
	 */
	public record Tomcat(String version, @Nullable String artifact, @Nullable String branch, Status status,
			@Nullable String latestKnownRelease, int releasesBehind, Severity highestSeverity, List<Finding> advisories,
			@Nullable Upgrade remedy) {

		public Tomcat {
			advisories = List.copyOf(advisories);
		}

	}

	/**
	 * An advisory or latency bug that affects the Tomcat found.
	 *
	 * @param id the CVE id, or a bug id for a latency bug
	 * @param kind a security advisory or a latency bug
	 * @param rating Tomcat's own rating
	 * @param title a short description
	 * @param applies {@code YES} when it needs nothing but Tomcat itself, {@code MAYBE}
	 * when it needs components a scan cannot see
	 * @param components the components it needs
	 * @param fixedIn the first release of the branch that fixes it, or {@code null}
	 * @param lastAffected when no source names a fix: the last affected version
	 * @param source where the advisory is described
	 * @param osv whether it comes from an OSV record
	 * @param aliases other ids of the advisory
	 */
	public record Finding(String id, Kind kind, Severity rating, String title, Applicability applies,
			List<String> components, @Nullable String fixedIn, @Nullable String lastAffected, String source,
			boolean osv, List<String> aliases) {

		public Finding {
			components = List.copyOf(components);
			aliases = List.copyOf(aliases);
		}

	}

	/**
	 * Whether an advisory applies to the scanned application.
	 */
	public enum Applicability {

		/**
		 * It needs nothing but Tomcat itself.
		 */
		YES,

		/**
		 * It needs components whose use a scan cannot see.
		 */
		MAYBE

	}

	/**
	 * The upgrade that fixes every advisory listed, as far as the data knows.
	 *
	 * @param version the Tomcat version to run
	 * @param maven the Maven property to set
	 * @param gradle the Gradle line to set
	 * @param springBootReleases per Spring Boot line, the first release known to ship
	 * that version or newer; empty when none does
	 * @param fixUnconfirmed advisories whose fix no source names yet
	 * @param fixUnknown advisories the version does not fix, as far as the data knows
	 */
	public record Upgrade(String version, String maven, String gradle, List<String> springBootReleases,
			List<String> fixUnconfirmed, List<String> fixUnknown) {

		public Upgrade {
			springBootReleases = List.copyOf(springBootReleases);
			fixUnconfirmed = List.copyOf(fixUnconfirmed);
			fixUnknown = List.copyOf(fixUnknown);
		}

	}

	/**
	 * The advisory data behind a verdict.
	 *
	 * @param source where it came from
	 * @param dataDate the date up to which it covers releases and advisories
	 * @param osvAdvisories advisories added from OSV records
	 * @param warnings what went wrong while looking for data
	 */
	public record AdvisoryDataState(SelectedAdvisoryData.Source source, LocalDate dataDate, int osvAdvisories,
			List<String> warnings) {

		public AdvisoryDataState {
			warnings = List.copyOf(warnings);
		}

	}

}
