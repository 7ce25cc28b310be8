package io.github.tomcatlatency.autoconfigure.cache;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.cache.ResourceCacheMetrics;
import io.github.tomcatlatency.cache.TomcatResourceCache;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of Tomcat's static-resource cache: settings, prewarm, pinning and
 * statistics.
 */
@AutoConfiguration(afterName = "io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration")
@ConditionalOnTomcatLatency
@ConditionalOnBooleanProperty(name = "tomcat-latency.cache.enabled", matchIfMissing = true)
@EnableConfigurationProperties(TomcatLatencyProperties.class)
public final class ResourceCacheAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	TomcatResourceCache tomcatLatencyResourceCache(TomcatLatencyProperties properties) {
		TomcatLatencyProperties.Cache cache = properties.getCache();
		return new TomcatResourceCache(cache.isPin(), cache.getPinMaxSize().toBytes());
	}

	@Bean
	ResourceCacheCustomizer tomcatLatencyResourceCacheCustomizer(TomcatLatencyProperties properties,
			TomcatResourceCache resourceCache) {
		return new ResourceCacheCustomizer(properties.getCache(), resourceCache);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	static class MetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		ResourceCacheMetrics tomcatLatencyResourceCacheMetrics(TomcatResourceCache resourceCache) {
			return new ResourceCacheMetrics(resourceCache);
		}

	}

}
