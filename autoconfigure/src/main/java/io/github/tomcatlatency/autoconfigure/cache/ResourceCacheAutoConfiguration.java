package io.github.tomcatlatency.autoconfigure.cache;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.cache.ResourceCacheMetrics;
import io.github.tomcatlatency.cache.TomcatResourceCache;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.catalina.startup.Tomcat;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of Tomcat's static-resource cache: settings, prewarm, pinning and
 * statistics.
 */
@AutoConfiguration(
		afterName = "org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration")
@ConditionalOnWebApplication(type = Type.SERVLET)
@ConditionalOnClass({ Tomcat.class, TomcatServletWebServerFactory.class })
@ConditionalOnBean(TomcatServletWebServerFactory.class)
@ConditionalOnBooleanProperty(name = { "tomcat-latency.enabled", "tomcat-latency.cache.enabled" },
		matchIfMissing = true)
@EnableConfigurationProperties(TomcatLatencyProperties.class)
public final class ResourceCacheAutoConfiguration {

	@Bean
	TomcatResourceCache tomcatLatencyResourceCache(TomcatLatencyProperties properties) {
		TomcatLatencyProperties.Cache cache = properties.getCache();
		return new TomcatResourceCache(
				setBy(cache.getTtl() != null, "tomcat-latency.cache.ttl", "server.tomcat.resource.cache-ttl"),
				setBy(cache.getMaxSize() != null, "tomcat-latency.cache.max-size",
						"server.tomcat.resource.cache-max-size"),
				setBy(cache.getObjectMaxSize() != null, "tomcat-latency.cache.object-max-size", "Tomcat's default"),
				cache.isPin(), cache.getPinMaxSize().toBytes());
	}

	private static String setBy(boolean ours, String ourProperty, String otherwise) {
		return ours ? ourProperty : otherwise;
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
		ResourceCacheMetrics tomcatLatencyResourceCacheMetrics(TomcatResourceCache resourceCache) {
			return new ResourceCacheMetrics(resourceCache);
		}

	}

}
