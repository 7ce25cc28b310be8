package io.github.tomcatlatency.autoconfigure.adapter;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.phase.Routes;

import org.springframework.boot.actuate.autoconfigure.metrics.MetricsProperties;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the {@link Routes}: the one owner of the route capacity
 * ({@code management.metrics.web.server.max-uri-tags}), which the phase timers and the
 * endpoint's statistics ask to size their tables.
 */
@AutoConfiguration(after = EmbeddedTomcatAutoConfiguration.class)
@ConditionalOnTomcatLatency
@ConditionalOnClass(MetricsProperties.class)
@EnableConfigurationProperties(MetricsProperties.class)
public final class RoutesAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	Routes tomcatLatencyRoutes(MetricsProperties metricsProperties) {
		return new Routes(metricsProperties.getWeb().getServer().getMaxUriTags());
	}

}
