package io.github.tomcatlatency.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties for tomcat-latency.
 *
 * @author tomcat-latency
 */
@ConfigurationProperties("tomcat-latency")
public class TomcatLatencyProperties {

	/**
	 * Whether tomcat-latency is enabled.
	 */
	private boolean enabled = true;

	private final Metrics metrics = new Metrics();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	/**
	 * Phase timer properties.
	 */
	public static class Metrics {

		/**
		 * Whether to time each request's container, filters and mvc phases.
		 */
		private boolean enabled = true;

		/**
		 * Whether requests to actuator endpoints served on the application's port are left
		 * out of the phase timers, so that scrapes and probes do not distort them.
		 */
		private boolean excludeActuator = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public boolean isExcludeActuator() {
			return this.excludeActuator;
		}

		public void setExcludeActuator(boolean excludeActuator) {
			this.excludeActuator = excludeActuator;
		}

	}

}
