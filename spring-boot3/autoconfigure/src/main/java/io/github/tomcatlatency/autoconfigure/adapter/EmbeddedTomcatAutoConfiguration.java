package io.github.tomcatlatency.autoconfigure.adapter;

import io.github.tomcatlatency.autoconfigure.ConditionalOnTomcatLatency;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcat;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of what tomcat-latency needs of Spring Boot 3.5 in particular: its
 * embedded Tomcat and the customizer of its Tomcat factory that applies every
 * {@link EmbeddedTomcatSetup}. Every other tomcat-latency auto-configuration comes after
 * this one, and so after Boot's web server and metrics auto-configurations.
 */
@AutoConfiguration(afterName = {
		"org.springframework.boot.autoconfigure.web.servlet.ServletWebServerFactoryAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration" })
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

}
