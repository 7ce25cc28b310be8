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
 * running Tomcat or does not cover its branch. Also binds {@value #AGE_METER_NAME} and
 * {@value #MAX_AGE_METER_NAME}, the advisory data's age and its configured maximum in
 * days, so that stale data can be alerted on. Alert on them from Prometheus.
 */
public final class TomcatAdvisoryMeterBinder implements MeterBinder {

	/**
	 * Name of the gauge.
	 */
	public static final String METER_NAME = "tomcat.latency.advisories.severity";

	/**
	 * Name of the gauge of the advisory data's age in days.
	 */
	public static final String AGE_METER_NAME = "tomcat.latency.advisories.age";

	/**
	 * Name of the gauge of the advisory data's configured maximum age in days.
	 */
	public static final String MAX_AGE_METER_NAME = "tomcat.latency.advisories.max.age";

	private static final String DAYS = "days";

	private final TomcatAdvisories advisories;

	private final Supplier<@Nullable Tomcat> tomcat;

	private volatile int severity;

	/**
	 * Create a binder.
	 * @param advisories the advisories of the running Tomcat
	 * @param tomcat the running Tomcat
	 */
	public TomcatAdvisoryMeterBinder(TomcatAdvisories advisories, Supplier<@Nullable Tomcat> tomcat) {
		this.advisories = advisories;
		this.tomcat = tomcat;
		update();
	}

	/**
	 * Compute the severity again from the components the running Tomcat uses: call when
	 * the server has started.
	 */
	public void update() {
		Tomcat tomcat = this.tomcat.get();
		Map<Component, ComponentUsage> usage = (tomcat != null) ? new TomcatComponents(tomcat).usage() : Map.of();
		this.severity = this.advisories.severityGauge(usage);
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder(METER_NAME, this, TomcatAdvisoryMeterBinder::severity)
			.description("Highest rating of the Tomcat advisories that may apply: 0 none to 4 critical, -1 unknown")
			.register(registry);
		Gauge.builder(AGE_METER_NAME, this.advisories, TomcatAdvisories::ageDays)
			.description("Age of the Tomcat advisory data: days since its data date")
			.baseUnit(DAYS)
			.register(registry);
		Gauge.builder(MAX_AGE_METER_NAME, this.advisories, TomcatAdvisories::maxAgeDays)
			.description(
					"Age from which the Tomcat advisory data is reported as stale (tomcat-latency.advisories.max-age)")
			.baseUnit(DAYS)
			.register(registry);
	}

	private double severity() {
		return this.severity;
	}

}
