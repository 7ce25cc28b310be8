package io.github.tomcatlatency.autoconfigure.warmup;

import java.net.URI;
import java.util.List;
import java.util.function.Supplier;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.autoconfigure.warmup.WarmupRequests.FrameworkRoutes;
import io.github.tomcatlatency.training.TrainingRequests;
import io.github.tomcatlatency.warmup.LoopbackUri;
import io.github.tomcatlatency.warmup.WarmupObservationFilter;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.WarmupRunner;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationFilter;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.server.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} that warms Tomcat and Spring MVC up with real loopback requests
 * before the application reports itself ready, and keeps those requests out of the
 * metrics.
 */
@AutoConfiguration(
		afterName = "org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration")
@ConditionalOnTomcatLatency
@ConditionalOnBooleanProperty(name = "tomcat-latency.warmup.enabled", matchIfMissing = true)
@EnableConfigurationProperties(TomcatLatencyProperties.class)
public final class WarmupAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	WarmupRequestMarker tomcatLatencyWarmupRequestMarker() {
		return new WarmupRequestMarker();
	}

	@Bean
	@ConditionalOnMissingBean
	WarmupRunner tomcatLatencyWarmupRunner(ApplicationContext context, TomcatLatencyProperties properties,
			WarmupRequestMarker marker, ObjectProvider<FrameworkRoutes> frameworkRoutes,
			ObjectProvider<RequestMappingHandlerMapping> handlerMappings) {
		TomcatLatencyProperties.Warmup warmup = properties.getWarmup();
		Supplier<List<WarmupRequest>> requests = new WarmupRequests(warmup, frameworkRoutes, handlerMappings);
		if (warmup.isTraining()) {
			requests = new TrainingRequests(requests, warmup.getTrainingRepetitions());
		}
		return new WarmupRunner(() -> serverUri(context), requests, marker, warmup.getTimeout(),
				warmup.isFailOnError());
	}

	private static @Nullable URI serverUri(ApplicationContext context) {
		if (context instanceof ServletWebServerApplicationContext webContext && webContext.getWebServer() != null
				&& webContext.getServletContext() != null) {
			return LoopbackUri.of(webContext.getWebServer(), webContext.getServletContext().getContextPath());
		}
		return null;
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ ObservationFilter.class, MeterRegistry.class, ServerRequestObservationContext.class })
	static class ObservationConfiguration {

		@Bean
		WarmupObservationFilter tomcatLatencyWarmupObservationFilter(WarmupRequestMarker marker,
				ObjectProvider<MeterRegistry> registries) {
			return new WarmupObservationFilter(marker,
					() -> registries.orderedStream().forEach(WarmupObservationFilter::removeMeters));
		}

		@Bean
		ApplicationListener<ApplicationReadyEvent> tomcatLatencyWarmupMeterRemover(WarmupObservationFilter filter) {
			// Runners, the warm-up among them, have finished when the application is
			// ready.
			return (event) -> filter.removeMeters();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ PathMappedEndpoints.class, ManagementPortType.class })
	static class ActuatorConfiguration {

		@Bean
		FrameworkRoutes tomcatLatencyWarmupHealthRoute(ObjectProvider<PathMappedEndpoints> endpoints,
				Environment environment) {
			return () -> {
				PathMappedEndpoints pathMappedEndpoints = endpoints.getIfAvailable();
				String health = (pathMappedEndpoints != null) ? pathMappedEndpoints.getPath(EndpointId.of("health"))
						: null;
				// On a separate management port the application's server never serves it.
				if (health == null || ManagementPortType.get(environment) != ManagementPortType.SAME) {
					return List.<WarmupRequest>of();
				}
				return List.of(WarmupRequest.get(health));
			};
		}

	}

}
