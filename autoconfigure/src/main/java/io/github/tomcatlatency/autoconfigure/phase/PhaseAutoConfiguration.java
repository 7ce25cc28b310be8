package io.github.tomcatlatency.autoconfigure.phase;

import java.util.EnumSet;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.phase.CompositePhaseRecorder;
import io.github.tomcatlatency.phase.Phase;
import io.github.tomcatlatency.phase.PhaseBoundaryFilter;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.PhaseValve;
import io.github.tomcatlatency.phase.RequestExclusion;
import io.github.tomcatlatency.phase.Routes;
import jakarta.servlet.DispatcherType;
import org.apache.catalina.startup.Tomcat;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} that splits each request's time between Tomcat, the servlet filters
 * and Spring MVC and hands the split to the {@link PhaseRecorder} beans: the phase timers
 * and the statistics of the {@code tomcat-latency} endpoint. Backs off when neither is
 * active.
 */
@AutoConfiguration(after = PhaseMetricsAutoConfiguration.class,
		afterName = { "io.github.tomcatlatency.autoconfigure.report.TomcatLatencyEndpointAutoConfiguration",
				"org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration" })
@ConditionalOnWebApplication(type = Type.SERVLET)
@ConditionalOnClass({ Tomcat.class, TomcatServletWebServerFactory.class, DispatcherServlet.class,
		MetricsProperties.class })
@ConditionalOnBean({ PhaseRecorder.class, TomcatServletWebServerFactory.class })
@ConditionalOnBooleanProperty(name = "tomcat-latency.enabled", matchIfMissing = true)
@EnableConfigurationProperties({ TomcatLatencyProperties.class, MetricsProperties.class })
public final class PhaseAutoConfiguration {

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> tomcatLatencyPhaseValveCustomizer(Routes routes,
			ObjectProvider<PhaseRecorder> recorders, ObjectProvider<RequestExclusion> exclusion) {
		return (factory) -> factory
			.addEngineValves(new PhaseValve(routes, CompositePhaseRecorder.of(recorders.orderedStream().toList()),
					exclusion.getIfUnique(() -> RequestExclusion.NONE)));
	}

	@Bean
	FilterRegistrationBean<PhaseBoundaryFilter> tomcatLatencyFiltersBoundary() {
		// First in the chain: what comes before it is the container.
		return boundary(Phase.FILTERS, "tomcatLatencyFiltersBoundary", Ordered.HIGHEST_PRECEDENCE);
	}

	@Bean
	FilterRegistrationBean<PhaseBoundaryFilter> tomcatLatencyMvcBoundary() {
		// Last in the chain: Tomcat appends match-after mappings behind all others.
		FilterRegistrationBean<PhaseBoundaryFilter> registration = boundary(Phase.MVC, "tomcatLatencyMvcBoundary",
				Ordered.LOWEST_PRECEDENCE);
		registration.setMatchAfter(true);
		return registration;
	}

	private static FilterRegistrationBean<PhaseBoundaryFilter> boundary(Phase phase, String name, int order) {
		FilterRegistrationBean<PhaseBoundaryFilter> registration = new FilterRegistrationBean<>(
				new PhaseBoundaryFilter(phase));
		registration.setName(name);
		registration.setOrder(order);
		registration.setDispatcherTypes(EnumSet.allOf(DispatcherType.class));
		registration.setAsyncSupported(true);
		return registration;
	}

	@Configuration(proxyBeanMethods = false)
	static class RoutesConfiguration {

		@Bean
		Routes tomcatLatencyRoutes(MetricsProperties metricsProperties, ObjectProvider<ActuatorRoutes> actuatorRoutes) {
			ActuatorRoutes excluded = actuatorRoutes.getIfAvailable();
			return new Routes(metricsProperties.getWeb().getServer().getMaxUriTags(),
					(excluded != null) ? excluded : (uri) -> false);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(PathMappedEndpoints.class)
	@ConditionalOnBooleanProperty(name = "tomcat-latency.metrics.exclude-actuator", matchIfMissing = true)
	static class ActuatorRoutesConfiguration {

		@Bean
		ActuatorRoutes tomcatLatencyActuatorRoutes(ObjectProvider<PathMappedEndpoints> pathMappedEndpoints) {
			return new ActuatorRoutes(pathMappedEndpoints);
		}

	}

}
