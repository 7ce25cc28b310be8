package io.github.tomcatlatency.bench.rest;

import java.lang.reflect.Field;

import jakarta.servlet.ServletContext;
import org.apache.catalina.core.ApplicationContext;
import org.apache.catalina.core.ApplicationContextFacade;
import org.apache.catalina.core.StandardContext;

/**
 * Reaches Tomcat's context from the servlet context, for the benchmark's opt-in
 * configurations: Spring Boot's customizer types differ between Boot 3 and 4, whose
 * builds share these sources, and a {@code ServletContextInitializer} is the same in
 * both.
 */
final class TomcatContexts {

	private TomcatContexts() {
	}

	static StandardContext of(ServletContext servletContext) {
		try {
			Field facade = ApplicationContextFacade.class.getDeclaredField("context");
			facade.setAccessible(true);
			Field context = ApplicationContext.class.getDeclaredField("context");
			context.setAccessible(true);
			return (StandardContext) context.get(facade.get(servletContext));
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Cannot reach Tomcat's context", ex);
		}
	}

}
