package io.github.tomcatlatency.bench.rest;

import java.io.IOException;
import java.net.URI;

import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.WebResourceRoot;
import org.apache.catalina.WebResourceRoot.ResourceSetType;
import org.apache.catalina.WebResourceSet;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The incident's mount for {@code bench/incident.sh}, off unless {@code bench.webjar-war}
 * names a WAR: its {@code bench.webjar-entry} (a webjar in {@code WEB-INF/lib}) is
 * mounted as Tomcat mounts a jar of a WAR, a {@code JarWarResourceSet}, which reads the
 * nested jar again each time Tomcat's background {@code gc()} closed it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("bench.webjar-war")
class WarNestedWebjarConfiguration {

	@Bean
	ServletContextInitializer benchWarNestedWebjar(@Value("${bench.webjar-war}") String war,
			@Value("${bench.webjar-entry}") String entry) {
		return (servletContext) -> {
			WebResourceRoot root = TomcatContexts.of(servletContext).getResources();
			try {
				root.createWebResourceSet(ResourceSetType.RESOURCE_JAR, "/",
						URI.create("jar:" + URI.create("file:" + war) + "!/" + entry).toURL(), "/META-INF/resources");
				// The root started its sets before the servlet context's initializers
				// ran.
				for (WebResourceSet set : root.getJarResources()) {
					if (set.getState() == LifecycleState.NEW) {
						set.start();
					}
				}
			}
			catch (IOException | LifecycleException ex) {
				throw new IllegalStateException("Cannot mount " + entry + " of " + war, ex);
			}
		};
	}

}
