package io.github.tomcatlatency.advisory;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * A known Tomcat security advisory or latency bug.
 *
 * @param id the CVE id, or a bug id for a latency bug
 * @param kind the kind of advisory
 * @param rating Tomcat's own rating, {@link Severity#UNRATED} when it is not known
 * @param title a short description
 * @param components the components an application must use for the advisory to matter;
 * empty when they are not known (an OSV record does not tell)
 * @param affected the affected ranges
 * @param verification what the data was checked against
 * @param source an https URL of what the data was checked against
 * @param aliases other ids of the same advisory, for example the CVE id of an OSV record
 */
public record Advisory(String id, Kind kind, Severity rating, String title, Set<Component> components,
		List<AffectedRange> affected, Verification verification, String source, List<String> aliases) {

	public Advisory {
		components = components.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(components));
		affected = List.copyOf(affected);
		aliases = List.copyOf(aliases);
	}

	/**
	 * Return the affected range that contains the given version.
	 * @param version the version
	 * @return the range, or {@code null} if the version is not affected
	 */
	public @Nullable AffectedRange rangeContaining(TomcatVersion version) {
		return this.affected.stream().filter((range) -> range.contains(version)).findFirst().orElse(null);
	}

	/**
	 * Return whether this advisory has the given id or alias.
	 * @param idOrAlias the id, for example a CVE id
	 * @return whether it is known by that id
	 */
	public boolean isKnownAs(String idOrAlias) {
		return this.id.equals(idOrAlias) || this.aliases.contains(idOrAlias);
	}

	/**
	 * The kind of an advisory.
	 */
	public enum Kind {

		/**
		 * A security vulnerability (CVE).
		 */
		SECURITY,

		/**
		 * A latency or performance bug.
		 */
		PERFORMANCE

	}

	/**
	 * What the rating and versions of an advisory were checked against.
	 */
	public enum Verification {

		/**
		 * Tomcat's security page.
		 */
		TOMCAT_PAGE,

		/**
		 * The Apache CNA's CVE record, whose severity is the Tomcat team's rating.
		 */
		CVE_RECORD,

		/**
		 * The Tomcat team's announcement on the oss-security list.
		 */
		ANNOUNCEMENT,

		/**
		 * Tomcat's changelog of the branch.
		 */
		CHANGELOG,

		/**
		 * Not re-checked: taken from the project's reference table.
		 */
		REFERENCE,

		/**
		 * An OSV record (GitHub Advisory Database or osv.dev) that the curated data
		 * lacks: Tomcat's rating and the components it needs are not known.
		 */
		OSV

	}

}
