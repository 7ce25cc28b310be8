package io.github.tomcatlatency.bench.rest;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The incident's culprit for {@code bench/container-parts.sh}, off unless
 * {@code bench.mapper-directory-redirect=true}: Tomcat's mapper directory redirect, with
 * which the mapper looks each request's path up in the resource sets before the
 * application's servlet (bug 62968). Spring Boot has no property for it, and its
 * customizer types differ between Boot 3 and 4, whose builds share these sources: the
 * context is reached from the servlet context while it starts, before the mapper reads
 * the setting.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("bench.mapper-directory-redirect")
class MapperDirectoryRedirectConfiguration {

	@Bean
	ServletContextInitializer benchMapperDirectoryRedirect() {
		return (servletContext) -> TomcatContexts.of(servletContext).setMapperDirectoryRedirectEnabled(true);
	}

}
