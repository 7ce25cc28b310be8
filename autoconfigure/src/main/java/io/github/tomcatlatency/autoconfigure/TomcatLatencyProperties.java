package io.github.tomcatlatency.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.Assert;

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

	private final Report report = new Report();

	private final Advisories advisories = new Advisories();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public Report getReport() {
		return this.report;
	}

	public Advisories getAdvisories() {
		return this.advisories;
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

	/**
	 * Properties of the {@code tomcat-latency} actuator endpoint's report.
	 */
	public static class Report {

		/**
		 * How many routes each list of the report shows at most.
		 */
		private int topRoutes = 10;

		/**
		 * How many times its route's median a request must take to count as a cold spike.
		 */
		private double spikeFactor = 5;

		/**
		 * How long a route must have been idle before a request counts as a cold spike.
		 */
		private Duration spikeIdle = Duration.ofSeconds(30);

		public int getTopRoutes() {
			return this.topRoutes;
		}

		public void setTopRoutes(int topRoutes) {
			Assert.isTrue(topRoutes > 0, "'tomcat-latency.report.top-routes' must be greater than 0");
			this.topRoutes = topRoutes;
		}

		public double getSpikeFactor() {
			return this.spikeFactor;
		}

		public void setSpikeFactor(double spikeFactor) {
			Assert.isTrue(spikeFactor > 1, "'tomcat-latency.report.spike-factor' must be greater than 1");
			this.spikeFactor = spikeFactor;
		}

		public Duration getSpikeIdle() {
			return this.spikeIdle;
		}

		public void setSpikeIdle(Duration spikeIdle) {
			Assert.isTrue(spikeIdle.toMillis() > 0, "'tomcat-latency.report.spike-idle' must be positive");
			this.spikeIdle = spikeIdle;
		}

	}

	/**
	 * Properties of the Tomcat advisory data.
	 */
	public static class Advisories {

		/**
		 * Location of an advisory data file to use instead of the bundled one, for example
		 * 'file:./tomcat-advisories.txt'. A missing or malformed file fails start-up.
		 */
		private @Nullable String location;

		public @Nullable String getLocation() {
			return this.location;
		}

		public void setLocation(@Nullable String location) {
			this.location = location;
		}

	}

}
