package io.github.tomcatlatency.report;

import org.jspecify.annotations.Nullable;

/**
 * A configuration that costs latency or hides it, with what to do about it.
 *
 * @param id a stable identifier, for example {@code mapper-directory-redirect}
 * @param severity how much it is likely to cost
 * @param finding what was found
 * @param remedy what to change
 * @param measured what the container's parts measured for it since readiness, or
 * {@code null} for a risk that is not the container's or before a request measured them
 */
public record ConfigurationRisk(String id, Severity severity, String finding, String remedy,
		@Nullable String measured) {

	/**
	 * Create a risk, with nothing measured for it.
	 * @param id a stable identifier
	 * @param severity how much it is likely to cost
	 * @param finding what was found
	 * @param remedy what to change
	 */
	public ConfigurationRisk(String id, Severity severity, String finding, String remedy) {
		this(id, severity, finding, remedy, null);
	}

	/**
	 * Return this risk with what was measured for it.
	 * @param measured what was measured
	 * @return the risk
	 */
	ConfigurationRisk withMeasured(String measured) {
		return new ConfigurationRisk(this.id, this.severity, this.finding, this.remedy, measured);
	}

	/**
	 * How much a configuration risk is likely to cost.
	 */
	public enum Severity {

		/**
		 * Every request pays for it.
		 */
		HIGH,

		/**
		 * Some requests pay for it, or all of them after a while.
		 */
		MEDIUM,

		/**
		 * Few requests pay for it, such as the first ones.
		 */
		LOW

	}

}
