package io.github.tomcatlatency.report;

import java.util.Map;
import java.util.function.Supplier;

import io.github.tomcatlatency.advisory.Component;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;

/**
 * Binds the {@value #METER_NAME} gauge: Tomcat's highest rating among the advisories that
 * affect the running version and may apply to the application, 0 none, 1 low, 2 moderate,
 * 3 important (or not rated), 4 critical, and -1 when the advisory data is older than the
 * running Tomcat or does not cover its branch. Alert on it from Prometheus.
 */
public final class TomcatAdvisoryMeterBinder implements MeterBinder {

	/**
	 * Name of the gauge.
	 */
	public static final String METER_NAME = "tomcat.latency.advisories.severity";

	private final TomcatAdvisories advisories;

	private final Supplier<@Nullable Tomcat> tomcat;

	/**
	 * Create a binder.
	 * @param advisories the advisories of the running Tomcat
	 * @param tomcat the running Tomcat
	 */
	public TomcatAdvisoryMeterBinder(TomcatAdvisories advisories, Supplier<@Nullable Tomcat> tomcat) {
		this.advisories = advisories;
		this.tomcat = tomcat;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder(METER_NAME, this, TomcatAdvisoryMeterBinder::severity)
			.description("Highest rating of the Tomcat advisories that may apply: 0 none to 4 critical, -1 unknown")
			.register(registry);
	}

	private double severity() {
		Tomcat tomcat = this.tomcat.get();
		Map<Component, ComponentUsage> usage = (tomcat != null) ? new TomcatComponents(tomcat).usage() : Map.of();
		return this.advisories.severityGauge(usage);
	}

}
