package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;

import org.springframework.util.ClassUtils;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * Where the running servlet context maps Spring MVC's {@link DispatcherServlet}: the
 * mapping Spring Boot registered, after it cleaned the configured servlet path.
 */
final class DispatcherServletMapping {

	// Spring Boot's name for the DispatcherServlet it registers.
	private static final String DEFAULT_NAME = "dispatcherServlet";

	private DispatcherServletMapping() {
	}

	/**
	 * Return the path that the {@code DispatcherServlet}'s mapping puts before the paths
	 * of its handlers.
	 * @param servletContext the running servlet context
	 * @return the path, starting with a slash, or empty when it serves the root (or is
	 * not mapped by path)
	 */
	static String prefix(ServletContext servletContext) {
		Map<String, ? extends ServletRegistration> registrations = servletContext.getServletRegistrations();
		return Optional.ofNullable(registrations.get(DEFAULT_NAME))
			.or(() -> registrations.values()
				.stream()
				.filter((registration) -> isDispatcherServlet(registration, servletContext.getClassLoader()))
				.min(Comparator.comparing(ServletRegistration::getName)))
			.flatMap((registration) -> registration.getMappings().stream().findFirst())
			.map(DispatcherServletMapping::prefix)
			.orElse("");
	}

	private static String prefix(String mapping) {
		// "/" and "/*" serve the root, "/api/*" serves below /api; an extension mapping
		// ("*.do") puts nothing before a handler's path.
		return (mapping.startsWith("/") && mapping.endsWith("/*")) ? mapping.substring(0, mapping.length() - 2) : "";
	}

	private static boolean isDispatcherServlet(ServletRegistration registration, ClassLoader classLoader) {
		String className = registration.getClassName();
		if (className == null || !ClassUtils.isPresent(className, classLoader)) {
			return false;
		}
		return DispatcherServlet.class.isAssignableFrom(ClassUtils.resolveClassName(className, classLoader));
	}

}
