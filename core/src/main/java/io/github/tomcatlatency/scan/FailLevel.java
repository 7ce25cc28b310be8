package io.github.tomcatlatency.scan;

import java.util.Locale;

import io.github.tomcatlatency.advisory.Severity;

/**
 * The lowest Tomcat rating at which a scan fails.
 */
public enum FailLevel {

	/**
	 * Never fail.
	 */
	NONE(Integer.MAX_VALUE),

	/**
	 * Fail from a Low rating.
	 */
	LOW(Severity.LOW.gaugeValue()),

	/**
	 * Fail from a Moderate rating.
	 */
	MODERATE(Severity.MODERATE.gaugeValue()),

	/**
	 * Fail from an Important rating; an unknown rating counts as Important.
	 */
	IMPORTANT(Severity.IMPORTANT.gaugeValue()),

	/**
	 * Fail from a Critical rating.
	 */
	CRITICAL(Severity.CRITICAL.gaugeValue());

	private final int threshold;

	FailLevel(int threshold) {
		this.threshold = threshold;
	}

	/**
	 * Return the level with the given name, in any case.
	 * @param name the name, for example {@code "important"}
	 * @return the level
	 * @throws IllegalArgumentException if no level has that name
	 */
	public static FailLevel of(String name) {
		for (FailLevel level : values()) {
			if (level.name().equalsIgnoreCase(name.strip())) {
				return level;
			}
		}
		throw new IllegalArgumentException(
				"'" + name + "' is not a fail level (none, low, moderate, important, critical)");
	}

	/**
	 * Return whether a verdict reaches this level. A Tomcat that the data cannot judge
	 * (end of life, newer than the data, unknown branch or version) reaches every level
	 * but {@link #NONE}: its risk is unknown, not absent.
	 * @param verdict the verdict
	 * @return whether the scan fails
	 */
	public boolean isReachedBy(ScanVerdict verdict) {
		ScanVerdict.Tomcat tomcat = verdict.tomcat();
		if (this == NONE || tomcat == null) {
			return false;
		}
		return !tomcat.status().isCovered() || tomcat.highestSeverity().gaugeValue() >= this.threshold;
	}

	@Override
	public String toString() {
		return name().toLowerCase(Locale.ROOT);
	}

}
