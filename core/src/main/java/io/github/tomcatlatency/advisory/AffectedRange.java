package io.github.tomcatlatency.advisory;

import org.jspecify.annotations.Nullable;

/**
 * The versions of one Tomcat branch that an advisory affects. The range ends before
 * {@code fixedIn} when the source names a fix, through {@code lastAffected} when it only
 * names the last affected version, and at the end of the branch when it names neither.
 *
 * @param firstAffected the first affected version, or {@code null} if the branch is
 * affected from its start
 * @param fixedIn the first release of the branch that is no longer affected, or
 * {@code null} if the source names no fix yet
 * @param lastAffected the last affected version when the source names no fix, otherwise
 * {@code null}
 * @param branch the branch, for example {@code "11.0"}
 */
public record AffectedRange(@Nullable TomcatVersion firstAffected, @Nullable TomcatVersion fixedIn,
		@Nullable TomcatVersion lastAffected, String branch) {

	/**
	 * Create a range that ends before a fix.
	 * @param firstAffected the first affected version, or {@code null} if the branch is
	 * affected from its start
	 * @param fixedIn the first release of the branch that is no longer affected
	 * @return the range
	 */
	public static AffectedRange fixedIn(@Nullable TomcatVersion firstAffected, TomcatVersion fixedIn) {
		return new AffectedRange(firstAffected, fixedIn, null, fixedIn.branch());
	}

	/**
	 * Create a range whose fix the source does not name, through its last affected
	 * version.
	 * @param firstAffected the first affected version, or {@code null} if the branch is
	 * affected from its start
	 * @param lastAffected the last affected version
	 * @return the range
	 */
	public static AffectedRange through(@Nullable TomcatVersion firstAffected, TomcatVersion lastAffected) {
		return new AffectedRange(firstAffected, null, lastAffected, lastAffected.branch());
	}

	/**
	 * Return whether the given version is in this range.
	 * @param version the version to check
	 * @return whether the version is affected
	 */
	public boolean contains(TomcatVersion version) {
		if (!version.branch().equals(this.branch)
				|| (this.firstAffected != null && version.compareTo(this.firstAffected) < 0)) {
			return false;
		}
		if (this.fixedIn != null) {
			return version.compareTo(this.fixedIn) < 0;
		}
		return this.lastAffected == null || version.compareTo(this.lastAffected) <= 0;
	}

}
