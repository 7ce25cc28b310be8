package io.github.tomcatlatency.autoconfigure.adapter;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcat;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.AbstractJacksonHttpMessageConverter;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of what tomcat-latency needs of Spring Boot 4 in particular: its
 * embedded Tomcat, the customizer of its Tomcat factory that applies every
 * {@link EmbeddedTomcatSetup}, and Jackson 3's mappers. Every other tomcat-latency
 * auto-configuration comes after this one, and so after Boot's web server, metrics and
 * security auto-configurations.
 */
@AutoConfiguration(afterName = {
		"org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration" })
@ConditionalOnTomcatLatency
public final class EmbeddedTomcatAutoConfiguration {

	@Bean
	EmbeddedTomcat tomcatLatencyEmbeddedTomcat(ApplicationContext context) {
		return () -> (context instanceof WebServerApplicationContext webContext
				&& webContext.getWebServer() instanceof TomcatWebServer webServer) ? webServer.getTomcat() : null;
	}

	@Bean
	TomcatFactoryCustomizer tomcatLatencyTomcatFactoryCustomizer(ObjectProvider<EmbeddedTomcatSetup> setups) {
		return new TomcatFactoryCustomizer(setups);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ tools.jackson.databind.ObjectMapper.class, AbstractJacksonHttpMessageConverter.class })
	static class Jackson3Configuration {

		@Bean
		Jackson3Mappers tomcatLatencyJackson3Mappers() {
			return new Jackson3Mappers();
		}

	}

}
