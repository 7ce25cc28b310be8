package io.github.tomcatlatency.advisory;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * A known Tomcat security advisory or latency bug.
 *
 * @param id the CVE id, or a bug id for a latency bug
 * @param kind the kind of advisory
 * @param rating Tomcat's own rating, {@link Severity#UNRATED} when it was not read
 * @param title a short description
 * @param components the components an application must use for the advisory to matter
 * @param affected the affected range per branch, keyed by branch such as {@code "11.0"}
 * @param verification what the data was checked against
 * @param source an https URL of what the data was checked against
 */
public record Advisory(String id, Kind kind, Severity rating, String title, Set<Component> components,
		Map<String, AffectedRange> affected, Verification verification, String source) {

	public Advisory {
		components = Collections.unmodifiableSet(EnumSet.copyOf(components));
		affected = Map.copyOf(affected);
	}

	/**
	 * Return the affected range on the given branch.
	 * @param branch the branch, for example {@code "11.0"}
	 * @return the range, or {@code null} if the advisory lists no fix for the branch
	 */
	public @Nullable AffectedRange affectedRange(String branch) {
		return this.affected.get(branch);
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
		 * Not re-checked: taken from the project's reference table.
		 */
		REFERENCE

	}

}
