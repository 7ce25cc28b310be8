package io.github.tomcatlatency.autoconfigure.report;

import java.util.List;
import java.util.Objects;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.autoconfigure.advisory.AdvisoryAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcat;
import io.github.tomcatlatency.autoconfigure.internal.FirstReadiness;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep.Part;
import io.github.tomcatlatency.cache.TomcatResourceCache;
import io.github.tomcatlatency.jvmcache.internal.JvmCacheInspector;
import io.github.tomcatlatency.phase.Routes;
import io.github.tomcatlatency.phase.internal.ColdRequestProbe;
import io.github.tomcatlatency.report.TomcatAdvisories;
import io.github.tomcatlatency.statistics.RequestStatistics;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import org.HdrHistogram.AtomicHistogram;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.web.PathMapper;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the {@link TomcatLatencyEndpoint}, at
 * {@code /actuator/tomcat-latency}. Its request statistics are only kept while the
 * endpoint is available (access granted and exposed).
 */
@AutoConfiguration(after = AdvisoryAutoConfiguration.class,
		afterName = { "io.github.tomcatlatency.autoconfigure.adapter.RoutesAutoConfiguration",
				"org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration" })
@ConditionalOnTomcatLatency
@ConditionalOnClass({ PathMapper.class, AtomicHistogram.class })
@ConditionalOnBean(Routes.class)
@ConditionalOnAvailableEndpoint(TomcatLatencyEndpoint.class)
@EnableConfigurationProperties(TomcatLatencyProperties.class)
@Import(FirstReadiness.class)
public final class TomcatLatencyEndpointAutoConfiguration {

	// Closed with the context: the class load log it runs is deleted.
	@Bean
	@ConditionalOnMissingBean
	RequestStatistics tomcatLatencyRequestStatistics(TomcatLatencyProperties properties, Routes routes) {
		TomcatLatencyProperties.Report report = properties.getReport();
		return new RequestStatistics(routes.capacity(), report.getMaxMemory().toBytes(), report.getSpikeFactor(),
				report.getSpikeIdle());
	}

	@Bean
	ColdRequestProbe tomcatLatencyColdRequestProbe(RequestStatistics statistics) {
		return new ColdRequestProbe(statistics::probing);
	}

	@Bean
	@ConditionalOnMissingBean
	TomcatLatencyEndpoint tomcatLatencyEndpoint(RequestStatistics statistics,
			ObjectProvider<TomcatAdvisories> advisories, EmbeddedTomcat tomcat, Environment environment,
			TomcatLatencyProperties properties, ObjectProvider<WarmupRunner> warmup,
			ObjectProvider<TomcatResourceCache> cache, BeanFactory beanFactory) {
		return new TomcatLatencyEndpoint(statistics, advisories.getIfAvailable(), tomcat::get, environment,
				() -> warmup.stream().map(WarmupRunner::getResult).findFirst().orElse(null),
				() -> cache.stream().map(TomcatResourceCache::report).filter(Objects::nonNull).findFirst().orElse(null),
				new JvmCacheInspector()::inspect, properties.getReport().getTopRoutes(),
				AutoConfigurationPackages.has(beanFactory) ? AutoConfigurationPackages.get(beanFactory) : List.of());
	}

	@Bean
	@Order(ReadyStep.STATISTICS)
	ReadyStep tomcatLatencyStatisticsStart(TomcatLatencyEndpoint endpoint) {
		return ReadyStep.of(new Part("the endpoint's reset at readiness", "tomcat-latency.enabled"),
				(context) -> endpoint.reset());
	}

	@Bean
	@Order(Ordered.LOWEST_PRECEDENCE)
	PathMapper tomcatLatencyEndpointPathMapper() {
		// Boot's own mapper from management.endpoints.web.path-mapping comes first and
		// wins.
		return (endpointId) -> TomcatLatencyEndpoint.ID.equals(endpointId.toString()) ? TomcatLatencyEndpoint.PATH
				: null;
	}

}
