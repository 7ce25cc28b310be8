package io.github.tomcatlatency.autoconfigure.advisory;

import java.io.IOException;
import java.time.Clock;

import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties.Advisories;
import io.github.tomcatlatency.autoconfigure.internal.Contained;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcat;
import io.github.tomcatlatency.report.TomcatAdvisories;
import io.github.tomcatlatency.report.TomcatAdvisoryMeterBinder;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.core.io.ResourceLoader;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the advisories of the running Tomcat, the gauge of their
 * severity and the gauges of the advisory data's age.
 */
@AutoConfiguration(afterName = "io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration")
@ConditionalOnTomcatLatency
@ConditionalOnBooleanProperty(name = "tomcat-latency.advisories.enabled", matchIfMissing = true)
@EnableConfigurationProperties(TomcatLatencyProperties.class)
public final class AdvisoryAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	TomcatAdvisories tomcatLatencyAdvisories(TomcatLatencyProperties properties, ResourceLoader resourceLoader)
			throws IOException {
		Advisories advisories = properties.getAdvisories();
		SelectedAdvisoryData data = new AdvisoryDataLoader(advisories, resourceLoader).load();
		return new TomcatAdvisories(data, advisories.getMaxAge(), Clock.systemDefaultZone());
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean(MeterRegistry.class)
	static class AdvisoryMetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		TomcatAdvisoryMeterBinder tomcatLatencyAdvisoryMeterBinder(TomcatAdvisories advisories, EmbeddedTomcat tomcat) {
			return new TomcatAdvisoryMeterBinder(advisories, tomcat::get);
		}

		@Bean
		ApplicationListener<ContextRefreshedEvent> tomcatLatencyAdvisorySeverityUpdate(
				TomcatAdvisoryMeterBinder binder) {
			// The components the application uses are known once the server has started,
			// which it has when the context is refreshed.
			return (event) -> Contained.run("the advisory severity's update", "tomcat-latency.advisories.enabled",
					binder::update);
		}

	}

}
