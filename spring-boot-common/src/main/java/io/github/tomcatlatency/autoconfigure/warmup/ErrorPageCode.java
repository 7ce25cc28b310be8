package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.Iterator;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * Tells whether the application's error page runs the framework's code only: Boot's error
 * controller, error attributes and error view resolver, and no error pages registered by
 * the application. The built-in warm-up calls no application code, so an application that
 * replaces any of them keeps its error page cold.
 */
final class ErrorPageCode {

	// Each Boot line keeps them in packages of its own.
	private static final List<String> ERROR_PAGE_TYPES = List.of(
			"org.springframework.boot.webmvc.error.ErrorController",
			"org.springframework.boot.webmvc.error.ErrorAttributes",
			"org.springframework.boot.webmvc.autoconfigure.error.ErrorViewResolver",
			"org.springframework.boot.web.error.ErrorPageRegistrar",
			"org.springframework.boot.web.servlet.error.ErrorController",
			"org.springframework.boot.web.servlet.error.ErrorAttributes",
			"org.springframework.boot.autoconfigure.web.servlet.error.ErrorViewResolver",
			"org.springframework.boot.web.server.ErrorPageRegistrar");

	private ErrorPageCode() {
	}

	/**
	 * Return the first bean of the application's own that takes part in rendering the
	 * error page.
	 * @param beans the application's beans
	 * @return a description of that bean, or {@code null} when only the framework's code
	 * renders the error page
	 */
	static @Nullable String applicationCode(ConfigurableListableBeanFactory beans) {
		ClassLoader classLoader = ErrorPageCode.class.getClassLoader();
		List<Class<?>> types = ERROR_PAGE_TYPES.stream()
			.filter((typeName) -> ClassUtils.isPresent(typeName, classLoader))
			.<Class<?>>map((typeName) -> ClassUtils.resolveClassName(typeName, classLoader))
			.toList();
		// One pass over the beans' types (definitions and singletons registered without
		// one, as a search by type sees them), not a search by type per error page type:
		// the warm-up runs after start-up, and each such search runs the bean factory's
		// type matching on every bean again, which made the JIT compile that start-up
		// code while the application's first traffic waited for the compiler.
		for (Iterator<String> names = beans.getBeanNamesIterator(); names.hasNext();) {
			String name = names.next();
			Class<?> beanType = typeOf(beans, name);
			if (beanType == null || ClassUtils.getUserClass(beanType).getName().startsWith("org.springframework.")) {
				continue;
			}
			for (Class<?> type : types) {
				if (type.isAssignableFrom(beanType)) {
					return type.getSimpleName() + " '" + name + "' (" + beanType.getName() + ")";
				}
			}
		}
		return null;
	}

	private static @Nullable Class<?> typeOf(ConfigurableListableBeanFactory beans, String name) {
		try {
			return beans.getType(name, false);
		}
		catch (BeansException ex) {
			// A bean whose type cannot be told without creating it, as a search by type
			// skips it.
			return null;
		}
	}

}
