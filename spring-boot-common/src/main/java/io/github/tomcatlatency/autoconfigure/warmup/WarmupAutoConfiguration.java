package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.List;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties;
import io.github.tomcatlatency.autoconfigure.internal.Contained;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcat;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import io.github.tomcatlatency.autoconfigure.internal.FirstReadiness;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep;
import io.github.tomcatlatency.autoconfigure.warmup.WarmupRequests.FrameworkDiscovery;
import io.github.tomcatlatency.autoconfigure.warmup.WarmupRequests.FrameworkRoutes;
import io.github.tomcatlatency.jvmcache.internal.JvmCacheInspector;
import io.github.tomcatlatency.training.internal.TrainingRequests;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.internal.WarmupObservationFilter;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.AddressRules;
import io.github.tomcatlatency.warmup.internal.access.WarmupHandlerMapping;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.access.WarmupTokenValve;
import io.github.tomcatlatency.warmup.internal.client.ConnectorActivity;
import io.github.tomcatlatency.warmup.internal.client.LoopbackServer;
import io.github.tomcatlatency.warmup.internal.discovery.DataRestRouteDiscovery;
import io.github.tomcatlatency.warmup.internal.routes.WarmupHandler;
import io.github.tomcatlatency.warmup.internal.task.ParallelWarmup;
import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
import io.github.tomcatlatency.warmup.internal.task.json.Jackson2Mappers;
import io.github.tomcatlatency.warmup.internal.task.json.JsonMappers;
import io.github.tomcatlatency.warmup.internal.task.json.JsonTypeWarmup;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationFilter;
import jakarta.persistence.EntityManagerFactory;
import org.apache.catalina.Valve;
import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.properties.SpringDocConfigProperties;
import org.springdoc.core.properties.SwaggerUiConfigProperties;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.data.repository.support.Repositories;
import org.springframework.data.rest.core.config.RepositoryRestConfiguration;
import org.springframework.data.rest.core.mapping.ResourceMappings;
import org.springframework.http.converter.json.AbstractJackson2HttpMessageConverter;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.transaction.ConfigurableTransactionManager;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.servlet.ViewResolver;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} that warms Tomcat and Spring MVC up with real loopback requests
 * before the application reports itself ready, and keeps those requests out of the
 * metrics.
 */
@AutoConfiguration(afterName = "io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration")
@ConditionalOnTomcatLatency
@ConditionalOnBooleanProperty(name = "tomcat-latency.warmup.enabled", matchIfMissing = true)
@EnableConfigurationProperties(TomcatLatencyProperties.class)
@Import(FirstReadiness.class)
public final class WarmupAutoConfiguration {

	@Bean
	WarmupRequestMarker tomcatLatencyWarmupRequestMarker() {
		return new WarmupRequestMarker();
	}

	@Bean
	EmbeddedTomcatSetup tomcatLatencyWarmupTokenSetup(WarmupRequestMarker marker) {
		// Unordered: after the phase valve, which tells warm-up requests apart by their
		// header to leave them out of the timers.
		return new EmbeddedTomcatSetup() {

			@Override
			public List<Valve> engineValves() {
				return List.of(new WarmupTokenValve(marker));
			}

		};
	}

	@Bean
	WarmupTaskResults tomcatLatencyWarmupTaskResults() {
		return new WarmupTaskResults();
	}

	@Bean
	WarmupHandlerMapping tomcatLatencyWarmupHandlerMapping(WarmupRequestMarker marker,
			ObjectProvider<ViewResolver> viewResolvers, ObjectProvider<WarmupTask> tasks,
			WarmupTaskResults taskResults) {
		return new WarmupHandlerMapping(marker, new WarmupHandler(viewResolvers, tasks, taskResults));
	}

	@Bean
	@ConditionalOnMissingBean
	WarmupRunner tomcatLatencyWarmupRunner(ConfigurableApplicationContext context, EmbeddedTomcat tomcat,
			TomcatLatencyProperties properties, WarmupRequestMarker marker, WarmupTaskResults taskResults,
			ObjectProvider<FrameworkRoutes> frameworkRoutes,
			ObjectProvider<RequestMappingHandlerMapping> handlerMappings,
			ObjectProvider<FrameworkDiscovery> frameworkDiscoveries, ObjectProvider<WarmupTask> tasks,
			ObjectProvider<AnonymousAccess> anonymousAccess, ObjectProvider<AddressRestriction> addressRestrictions) {
		TomcatLatencyProperties.Warmup warmup = properties.getWarmup();
		WarmupRequests warmupRequests = new WarmupRequests(warmup, context, frameworkRoutes, handlerMappings,
				frameworkDiscoveries, tasks, anonymousAccess, addressRestrictions, JvmCacheInspector::cacheDirectory);
		Supplier<List<WarmupRequest>> requests = warmupRequests;
		if (warmup.isTraining()) {
			requests = new TrainingRequests(requests, warmup.getTrainingRepetitions());
		}
		return new WarmupRunner(() -> server(context, tomcat), new ConnectorActivity(tomcat::get),
				warmup.getTrafficPause(), requests, warmupRequests::background, warmupRequests::leftOut, marker,
				taskResults, warmup.getTimeout(), warmup.getRequestTimeout(), warmup.isFailOnError());
	}

	@Bean
	AddressRestriction tomcatLatencyWarmupTomcatAddressRules(EmbeddedTomcat tomcat) {
		// Asked once the server listens: the warm-up's requests come from the address
		// they are sent to.
		return (method, path) -> {
			Tomcat running = tomcat.get();
			WarmupAddress warmup = WarmupAddress.of(running);
			return (warmup != null) ? AddressRules.of(running).restriction(warmup.host(), warmup.port()) : null;
		};
	}

	@Bean
	WarmupLifecycle tomcatLatencyWarmup(ApplicationContext context, WarmupRunner warmupRunner,
			TomcatLatencyProperties properties) {
		return new WarmupLifecycle(context, warmupRunner, properties.getWarmup().isFailOnError());
	}

	@Bean
	@Order(ReadyStep.WARMUP)
	ReadyStep tomcatLatencyWarmupRoutes(WarmupLifecycle warmup) {
		return warmup.routes();
	}

	@Bean
	JsonTypeWarmup tomcatLatencyJsonTypeWarmup(ObjectProvider<RequestMappingHandlerMapping> handlerMappings,
			ObjectProvider<RequestMappingHandlerAdapter> handlerAdapters, ObjectProvider<JsonMappers<?>> libraries) {
		return new JsonTypeWarmup(handlerMappings, handlerAdapters, libraries.orderedStream().toList());
	}

	private static @Nullable LoopbackServer server(ApplicationContext context, EmbeddedTomcat tomcat) {
		Tomcat running = tomcat.get();
		if (running != null && context instanceof WebApplicationContext webContext
				&& webContext.getServletContext() != null) {
			return LoopbackServer.of(running, webContext.getServletContext().getContextPath());
		}
		return null;
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ ObservationFilter.class, MeterRegistry.class, ServerRequestObservationContext.class })
	static class ObservationConfiguration {

		@Bean
		WarmupObservationFilter tomcatLatencyWarmupObservationFilter(WarmupRequestMarker marker) {
			return new WarmupObservationFilter(marker);
		}

		@Bean
		@Order(ReadyStep.WARMUP_METERS)
		WarmupMeterRemover tomcatLatencyWarmupMeterRemover(WarmupRequestMarker marker,
				ConfigurableListableBeanFactory beanFactory) {
			WarmupMeterRemover remover = new WarmupMeterRemover(beanFactory);
			// The requests after readiness are recorded too, until the server has
			// completed them.
			marker.whenFinished(remover);
			return remover;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(ConfigurableTransactionManager.class)
	static class TransactionConfiguration {

		@Bean
		static TransactionRollbackPostProcessor tomcatLatencyWarmupTransactionRollback(
				ObjectProvider<WarmupRequestMarker> marker) {
			return new TransactionRollbackPostProcessor(marker);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ ObjectMapper.class, AbstractJackson2HttpMessageConverter.class })
	static class Jackson2Configuration {

		@Bean
		Jackson2Mappers tomcatLatencyJackson2Mappers() {
			return new Jackson2Mappers();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ SpringDocConfigProperties.class, SwaggerUiConfigProperties.class })
	static class SpringDocConfiguration {

		@Bean
		FrameworkRoutes tomcatLatencyWarmupSpringDocRoutes(ObjectProvider<SpringDocConfigProperties> springDoc,
				ObjectProvider<SwaggerUiConfigProperties> swaggerUi) {
			return new SpringDocRoutes(springDoc, swaggerUi);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ RepositoryRestConfiguration.class, Repositories.class })
	static class DataRestConfiguration {

		@Bean
		FrameworkDiscovery tomcatLatencyWarmupDataRestDiscovery(
				ObjectProvider<RepositoryRestConfiguration> configuration, ObjectProvider<ResourceMappings> mappings,
				ObjectProvider<Repositories> repositories) {
			// Looked up when the warm-up runs: Spring Data REST may be on the class path
			// without its configuration.
			return (controllers, excludes, repetitions) -> {
				RepositoryRestConfiguration restConfiguration = configuration.getIfUnique();
				ResourceMappings resourceMappings = mappings.getIfUnique();
				Repositories applicationRepositories = repositories.getIfUnique();
				if (restConfiguration == null || resourceMappings == null || applicationRepositories == null) {
					return List.of();
				}
				return DataRestRouteDiscovery.getRoutes(restConfiguration, resourceMappings, applicationRepositories,
						controllers, excludes, repetitions);
			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(EntityManagerFactory.class)
	@ConditionalOnBooleanProperty(name = "tomcat-latency.warmup.framework-requests", matchIfMissing = true)
	static class JpaConfiguration {

		@Bean
		ParallelWarmup tomcatLatencyParallelWarmup(TomcatLatencyProperties properties) {
			return new ParallelWarmup(properties.getWarmup().getRequestTimeout());
		}

		@Bean
		ApplicationListener<ApplicationStartedEvent> tomcatLatencyParallelWarmupStart(ParallelWarmup parallelWarmup) {
			// After the refresh, never competing with it for the CPUs.
			return (event) -> Contained.run("the warm-up's JPA work", "tomcat-latency.warmup.framework-requests",
					parallelWarmup::begin);
		}

		@Bean
		static JpaWarmupPostProcessor tomcatLatencyJpaWarmupPostProcessor(
				ObjectProvider<ParallelWarmup> parallelWarmup) {
			return new JpaWarmupPostProcessor(parallelWarmup);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ PathMappedEndpoints.class, ManagementPortType.class })
	static class ActuatorConfiguration {

		@Bean
		FrameworkRoutes tomcatLatencyWarmupHealthRoute(ObjectProvider<PathMappedEndpoints> endpoints,
				Environment environment) {
			// Its first request runs the health indicators (a database's validation
			// query among them) and the actuator's web layer.
			return () -> {
				PathMappedEndpoints pathMappedEndpoints = endpoints.getIfAvailable();
				String health = (pathMappedEndpoints != null) ? pathMappedEndpoints.getPath(EndpointId.of("health"))
						: null;
				// On a separate management port the application's server never serves it.
				if (health == null || ManagementPortType.get(environment) != ManagementPortType.SAME) {
					return List.<WarmupRequest>of();
				}
				return List.of(WarmupRequest.get(Origin.BUILT_IN, health));
			};
		}

	}

}
