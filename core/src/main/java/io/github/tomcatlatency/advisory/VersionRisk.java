package io.github.tomcatlatency.advisory;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.Advisory.Verification;
import org.jspecify.annotations.Nullable;

/**
 * The known risk of running a Tomcat version, as assessed by {@link VersionRiskAssessor}.
 *
 * @param runningVersion the assessed version
 * @param status how the version relates to the releases the data knows
 * @param latestRelease the newest known release of the version's branch, or {@code null}
 * if the branch is not known to the data
 * @param releasesBehind the number of releases between the running version and the latest
 * known one; the version numbers the data lists as never released are skipped and a
 * milestone counts as one release behind its final release (so {@code 11.0.0-M20} is 1
 * behind {@code 11.0.0}); for old branches the count may include versions that were never
 * released but are not listed
 * @param dataDate the date up to which the data covers releases and advisories
 * @param advisories the advisories that affect the running version
 * @param highestSeverity the highest rating among the affecting security advisories;
 * {@link Severity#NONE} does not mean safe unless the status {@link Status#isCovered() is
 * covered}
 * @param remedy the upgrade that fixes every affecting advisory, or {@code null} if none
 * affects the version
 */
public record VersionRisk(TomcatVersion runningVersion, Status status, @Nullable LatestRelease latestRelease,
		int releasesBehind, LocalDate dataDate, List<Finding> advisories, Severity highestSeverity,
		@Nullable Remedy remedy) {

	public VersionRisk {
		advisories = List.copyOf(advisories);
	}

	/**
	 * Return the branch of the running version, for example {@code "11.0"}.
	 * @return the branch
	 */
	public String branch() {
		return this.runningVersion.branch();
	}

	/**
	 * Return the value to publish as a severity gauge: the {@link Severity#gaugeValue()
	 * gauge value} of the highest severity, or {@code -1} when the data cannot judge the
	 * running version (see {@link Status#isCovered()}).
	 * @return the gauge value
	 */
	public int severityGauge() {
		return this.status.isCovered() ? this.highestSeverity.gaugeValue() : -1;
	}

	/**
	 * How a running version relates to the releases the data knows.
	 */
	public enum Status {

		/**
		 * The running version is the latest known release of its branch.
		 */
		CURRENT(true),

		/**
		 * Newer releases of the branch are known.
		 */
		BEHIND(true),

		/**
		 * The running version is newer than the data's latest release of its branch: the
		 * data is older than this Tomcat, so its risk is unknown.
		 */
		UNKNOWN_NEWER_THAN_DATA(false),

		/**
		 * Tomcat no longer supports the branch: the data does not track its later
		 * vulnerabilities, so its risk is unknown.
		 */
		END_OF_LIFE(false),

		/**
		 * The branch is not known to the data (for example 10.0 or 12.0).
		 */
		UNSUPPORTED_BRANCH(false),

		/**
		 * The running version cannot be read ({@code server.info} hides it), so nothing
		 * can be assessed.
		 */
		UNKNOWN_VERSION(false);

		private final boolean covered;

		Status(boolean covered) {
			this.covered = covered;
		}

		/**
		 * Return whether the data tracks the advisories of a version with this status, so
		 * that an empty list of advisories means none is known.
		 * @return whether the data covers the version
		 */
		public boolean isCovered() {
			return this.covered;
		}

	}

	/**
	 * An advisory that affects the running version.
	 *
	 * @param id the CVE id, or a bug id for a latency bug
	 * @param kind the kind of advisory
	 * @param rating Tomcat's own rating
	 * @param title a short description
	 * @param components the components an application must use for the advisory to
	 * matter; empty when not known
	 * @param fixedIn the first release of the running version's branch that fixes it, or
	 * {@code null} when the source names no fix yet
	 * @param lastAffected the last affected version of the branch when the source names
	 * no fix, otherwise {@code null}
	 * @param verification what the advisory was checked against; {@code OSV} for an OSV
	 * record the curated data lacks
	 * @param source an https URL about the advisory
	 * @param aliases other ids of the advisory, for example the CVE id of an OSV record
	 */
	public record Finding(String id, Kind kind, Severity rating, String title, Set<Component> components,
			@Nullable TomcatVersion fixedIn, @Nullable TomcatVersion lastAffected, Verification verification,
			String source, List<String> aliases) {

		public Finding {
			aliases = List.copyOf(aliases);
		}

	}

	/**
	 * The upgrade that fixes every affecting advisory, as far as the data knows.
	 *
	 * @param version the first release of the branch outside every affected range the
	 * sources state
	 * @param bootReleases per Spring Boot line, the first release known to manage that
	 * version or a newer one on the same branch (milestones left out); empty when no
	 * Spring Boot release known to the data ships it
	 * @param fixUnconfirmed the advisories whose fix no source names yet: the version is
	 * only the first release after their last affected one
	 * @param fixUnknown the advisories for which the data knows no release outside the
	 * affected range: the version does not fix them
	 */
	public record Remedy(TomcatVersion version, List<String> bootReleases, List<String> fixUnconfirmed,
			List<String> fixUnknown) {

		public Remedy {
			bootReleases = List.copyOf(bootReleases);
			fixUnconfirmed = List.copyOf(fixUnconfirmed);
			fixUnknown = List.copyOf(fixUnknown);
		}

		/**
		 * Return the Maven property that overrides the Tomcat version managed by Spring
		 * Boot, for a project's {@code <properties>}.
		 * @return the Maven property
		 */
		public String mavenProperty() {
			return "<tomcat.version>" + this.version + "</tomcat.version>";
		}

		/**
		 * Return the Gradle line that overrides the Tomcat version managed by Spring
		 * Boot.
		 * @return the Gradle line
		 */
		public String gradleProperty() {
			return "ext['tomcat.version'] = '" + this.version + "'";
		}

	}

}
