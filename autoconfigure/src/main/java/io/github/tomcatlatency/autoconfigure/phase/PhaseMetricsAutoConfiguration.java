package io.github.tomcatlatency.autoconfigure.phase;

import io.github.tomcatlatency.phase.PhaseTimers;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.catalina.startup.Tomcat;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.context.annotation.Bean;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the {@value PhaseTimers#METER_NAME} timers.
 */
@AutoConfiguration(afterName = {
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
		"org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration" })
@ConditionalOnWebApplication(type = Type.SERVLET)
@ConditionalOnClass({ Tomcat.class, TomcatServletWebServerFactory.class, MeterRegistry.class, MetricsProperties.class })
@ConditionalOnBean({ MeterRegistry.class, TomcatServletWebServerFactory.class })
@ConditionalOnBooleanProperty(name = { "tomcat-latency.enabled", "tomcat-latency.metrics.enabled" },
		matchIfMissing = true)
@EnableConfigurationProperties(MetricsProperties.class)
public final class PhaseMetricsAutoConfiguration {

	@Bean
	PhaseTimers tomcatLatencyPhaseTimers(MeterRegistry meterRegistry, MetricsProperties metricsProperties) {
		return new PhaseTimers(meterRegistry, metricsProperties.getWeb().getServer().getMaxUriTags());
	}

}
