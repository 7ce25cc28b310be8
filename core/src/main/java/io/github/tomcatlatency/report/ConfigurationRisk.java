package io.github.tomcatlatency.report;

/**
 * A configuration that costs latency or hides it, with what to do about it.
 *
 * @param id a stable identifier, for example {@code mapper-directory-redirect}
 * @param severity how much it is likely to cost
 * @param finding what was found
 * @param remedy what to change
 */
public record ConfigurationRisk(String id, Severity severity, String finding, String remedy) {

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
