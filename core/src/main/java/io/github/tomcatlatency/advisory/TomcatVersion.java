package io.github.tomcatlatency.advisory;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Tomcat version such as {@code 11.0.24}, {@code 11.0.0-M21} or {@code 9.0.0.M1},
 * ordered as Tomcat releases them: milestones sort before their release.
 *
 * @param major the major version
 * @param minor the minor version
 * @param patch the patch version
 * @param milestone the milestone number, or {@code 0} for a release
 */
public record TomcatVersion(int major, int minor, int patch, int milestone) implements Comparable<TomcatVersion> {

	// Numbers without leading zeros so that toString() gives back the parsed text
	private static final String NUMBER = "(0|[1-9]\\d{0,8})";

	private static final Pattern PATTERN = Pattern
		.compile(NUMBER + "\\." + NUMBER + "\\." + NUMBER + "(?:([.-])M([1-9]\\d{0,8}))?");

	private static final Comparator<TomcatVersion> ORDER = Comparator.comparingInt(TomcatVersion::major)
		.thenComparingInt(TomcatVersion::minor)
		.thenComparingInt(TomcatVersion::patch)
		.thenComparingInt((version) -> version.isMilestone() ? version.milestone() : Integer.MAX_VALUE);

	public TomcatVersion {
		if (major < 0 || minor < 0 || patch < 0 || milestone < 0 || (milestone > 0 && patch > 0)) {
			throw new IllegalArgumentException(
					"Invalid Tomcat version " + major + "." + minor + "." + patch + " milestone " + milestone);
		}
	}

	/**
	 * Parse a version as Tomcat writes it. Tomcat 9 and earlier wrote milestones as
	 * {@code 9.0.0.M1}, later versions as {@code 10.1.0-M1}; only that form is accepted.
	 * @param text the version text
	 * @return the version
	 * @throws IllegalArgumentException if the text is not a Tomcat version
	 */
	public static TomcatVersion parse(String text) {
		Matcher matcher = PATTERN.matcher(text);
		if (!matcher.matches()) {
			throw invalid(text);
		}
		int major = Integer.parseInt(matcher.group(1));
		int minor = Integer.parseInt(matcher.group(2));
		int patch = Integer.parseInt(matcher.group(3));
		String separator = matcher.group(4);
		if (separator == null) {
			return new TomcatVersion(major, minor, patch, 0);
		}
		if (patch != 0 || !separator.equals(milestoneSeparator(major))) {
			throw invalid(text);
		}
		return new TomcatVersion(major, minor, patch, Integer.parseInt(matcher.group(5)));
	}

	private static IllegalArgumentException invalid(String text) {
		return new IllegalArgumentException("Invalid Tomcat version '" + text + "'");
	}

	private static String milestoneSeparator(int major) {
		return (major < 10) ? "." : "-";
	}

	/**
	 * Return the release branch, for example {@code "11.0"}.
	 * @return the branch
	 */
	public String branch() {
		return this.major + "." + this.minor;
	}

	/**
	 * Return whether this version is a milestone, for example {@code 11.0.0-M21}.
	 * @return whether this is a milestone
	 */
	public boolean isMilestone() {
		return this.milestone > 0;
	}

	/**
	 * Return the version number that follows this one on its branch: the next milestone
	 * or the next patch release.
	 * @return the next version number
	 */
	TomcatVersion next() {
		return isMilestone() ? new TomcatVersion(this.major, this.minor, this.patch, this.milestone + 1)
				: new TomcatVersion(this.major, this.minor, this.patch + 1, 0);
	}

	@Override
	public int compareTo(TomcatVersion other) {
		return ORDER.compare(this, other);
	}

	@Override
	public String toString() {
		String release = this.major + "." + this.minor + "." + this.patch;
		return isMilestone() ? release + milestoneSeparator(this.major) + "M" + this.milestone : release;
	}

}
