package io.github.tomcatlatency.autoconfigure;

import java.io.File;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.catalina.Context;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.connector.Request;
import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.ValueSerializerModifier;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jetty.autoconfigure.servlet.JettyServletWebServerAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;

/**
 * What the shared tests use of Spring Boot, and of the Tomcat it ships, that differs
 * between the lines: here as Spring Boot 4 has it. The Boot 3.5 line's tests have a class
 * of the same name with the same members.
 */
public final class BootLine {

	/**
	 * Boot's auto-configuration of an embedded Tomcat for a servlet application.
	 */
	public static final AutoConfigurations TOMCAT_SERVER = AutoConfigurations
		.of(TomcatServletWebServerAutoConfiguration.class);

	/**
	 * Boot's auto-configuration of an embedded Jetty for a servlet application, with
	 * Tomcat on the class path.
	 */
	public static final AutoConfigurations JETTY_SERVER = AutoConfigurations
		.of(JettyServletWebServerAutoConfiguration.class);

	/**
	 * Boot's auto-configurations of a meter registry.
	 */
	public static final AutoConfigurations METRICS = AutoConfigurations.of(MetricsAutoConfiguration.class,
			SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class);

	/**
	 * Whether Boot has a property for the maximum size of Tomcat's resource cache
	 * ({@code server.tomcat.resource.cache-max-size}, new in Boot 4).
	 */
	public static final boolean RESOURCE_CACHE_MAX_SIZE_PROPERTY = true;

	private BootLine() {
	}

	/**
	 * Return the embedded Tomcat an application runs on.
	 * @param context the application
	 * @return its Tomcat
	 */
	public static Tomcat tomcat(ApplicationContext context) {
		return ((TomcatWebServer) ((WebServerApplicationContext) context).getWebServer()).getTomcat();
	}

	/**
	 * Return the engine valves of every Tomcat factory bean.
	 * @param beans the beans
	 * @return the valves
	 */
	public static List<Valve> engineValves(ListableBeanFactory beans) {
		return beans.getBeansOfType(TomcatServletWebServerFactory.class)
			.values()
			.stream()
			.flatMap((factory) -> factory.getEngineValves().stream())
			.toList();
	}

	/**
	 * Apply the context customizers of the Tomcat factory bean to a context.
	 * @param beans the beans
	 * @param context the context to customize
	 */
	public static void customizeContext(ListableBeanFactory beans, Context context) {
		beans.getBean(TomcatServletWebServerFactory.class)
			.getContextCustomizers()
			.forEach((customizer) -> customizer.customize(context));
	}

	/**
	 * Return a request of Tomcat's connector over a request of its protocol handler.
	 * @param coyoteRequest the protocol handler's request
	 * @return the connector's request
	 */
	public static Request request(org.apache.coyote.Request coyoteRequest) {
		return new Request(new Connector(), coyoteRequest);
	}

	/**
	 * Return a customizer of Boot's Tomcat factory.
	 * @param documentRoot the document root to set, or {@code null} for Boot's
	 * @param contexts customizes each context the factory creates
	 * @return the customizer
	 */
	public static WebServerFactoryCustomizer<?> tomcatCustomizer(@Nullable File documentRoot,
			Consumer<Context> contexts) {
		return new TomcatCustomizer(documentRoot, contexts);
	}

	/**
	 * Boot's error controller.
	 */
	public interface ErrorController extends org.springframework.boot.webmvc.error.ErrorController {

	}

	/**
	 * Boot's customizer of meter registries.
	 */
	public interface MeterRegistryCustomizer
			extends org.springframework.boot.micrometer.metrics.autoconfigure.MeterRegistryCustomizer<MeterRegistry> {

	}

	/**
	 * Boot's customizer of the Bean Validation configuration.
	 */
	public interface ValidationConfigurationCustomizer
			extends org.springframework.boot.validation.autoconfigure.ValidationConfigurationCustomizer {

	}

	/**
	 * A module of Boot's JSON library that records the class of each bean serializer
	 * built.
	 */
	public static final class SerializersBuilt extends SimpleModule {

		public SerializersBuilt(Set<Class<?>> built) {
			setSerializerModifier(new ValueSerializerModifier() {

				@Override
				public ValueSerializer<?> modifySerializer(SerializationConfig config, BeanDescription.Supplier bean,
						ValueSerializer<?> serializer) {
					built.add(bean.getBeanClass());
					return serializer;
				}

			});
		}

	}

	private record TomcatCustomizer(@Nullable File documentRoot,
			Consumer<Context> contexts) implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

		@Override
		public void customize(TomcatServletWebServerFactory factory) {
			if (this.documentRoot != null) {
				factory.setDocumentRoot(this.documentRoot);
			}
			factory.addContextCustomizers(this.contexts::accept);
		}

	}

}
