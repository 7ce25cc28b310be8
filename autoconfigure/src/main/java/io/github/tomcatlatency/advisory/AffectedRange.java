package io.github.tomcatlatency.advisory;

import org.jspecify.annotations.Nullable;

/**
 * The versions of one Tomcat branch that an advisory affects.
 *
 * @param firstAffected the first affected version, or {@code null} if the branch is
 * affected from its start
 * @param fixedIn the first release of the branch that is no longer affected
 */
public record AffectedRange(@Nullable TomcatVersion firstAffected, TomcatVersion fixedIn) {

	/**
	 * Return whether the given version is in this range.
	 * @param version the version to check
	 * @return whether the version is affected
	 */
	public boolean contains(TomcatVersion version) {
		return version.branch().equals(this.fixedIn.branch()) && version.compareTo(this.fixedIn) < 0
				&& (this.firstAffected == null || version.compareTo(this.firstAffected) >= 0);
	}

}
