package io.github.tomcatlatency.advisory;

/**
 * Tomcat's own rating of an advisory, in increasing order of concern.
 * <p>
 * {@link #UNRATED} is an advisory whose Tomcat rating is not known. It ranks below
 * {@link #IMPORTANT}, so a real rating wins the label, but it has the same
 * {@link #gaugeValue() gauge value} so that an unknown rating never looks harmless.
 */
public enum Severity {

	/**
	 * No advisory applies.
	 */
	NONE(0),

	/**
	 * Tomcat's rating "Low".
	 */
	LOW(1),

	/**
	 * Tomcat's rating "Moderate".
	 */
	MODERATE(2),

	/**
	 * Tomcat's rating is not known: not read, not published yet, or the advisory comes
	 * from an OSV record.
	 */
	UNRATED(3),

	/**
	 * Tomcat's rating "Important".
	 */
	IMPORTANT(3),

	/**
	 * Tomcat's rating "Critical".
	 */
	CRITICAL(4);

	private final int gaugeValue;

	Severity(int gaugeValue) {
		this.gaugeValue = gaugeValue;
	}

	/**
	 * Return the value to publish as a gauge: 0 none, 1 low, 2 moderate, 3 important or
	 * unrated, 4 critical.
	 * @return the gauge value
	 */
	public int gaugeValue() {
		return this.gaugeValue;
	}

}
