package io.github.tomcatlatency.autoconfigure.phase;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.phase.Routes;
import io.github.tomcatlatency.phase.internal.ContainerPartMeters;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the {@value PhaseTimers#METER_NAME} timers and the
 * {@value ContainerPartMeters#METER_NAME} function timers.
 */
@AutoConfiguration(afterName = "io.github.tomcatlatency.autoconfigure.adapter.RoutesAutoConfiguration")
@ConditionalOnTomcatLatency
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, Routes.class })
@ConditionalOnBooleanProperty(name = "tomcat-latency.metrics.enabled", matchIfMissing = true)
public final class PhaseMetricsAutoConfiguration {

	// Only the timers back off for a user's: other PhaseRecorder beans are added to
	// them on purpose, each recorder gets every request.
	@Bean
	@ConditionalOnMissingBean
	PhaseTimers tomcatLatencyPhaseTimers(MeterRegistry meterRegistry, Routes routes) {
		return new PhaseTimers(meterRegistry, routes.capacity());
	}

	@Bean
	ContainerPartMeters tomcatLatencyContainerPartMeters(MeterRegistry meterRegistry) {
		return new ContainerPartMeters(meterRegistry);
	}

}
