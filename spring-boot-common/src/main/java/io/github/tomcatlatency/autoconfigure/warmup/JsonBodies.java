package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.List;

import io.github.tomcatlatency.warmup.internal.discovery.HandlerBodies;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.ResolvableType;
import org.springframework.core.io.Resource;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.function.support.RouterFunctionMapping;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Whether the application's handler methods write or read a JSON body: without either, no
 * successful first request runs the JSON requests' code, and they would only hold
 * readiness back (a server-rendered application, which answers with views and text). The
 * handlers of Spring Boot's error controller and of springdoc are not counted: their
 * routes are warmed after readiness. A body of a declared type that no JSON converter
 * writes (text, bytes, a resource, nothing) is not JSON; any other, an undeclared one
 * included, is. Functional endpoints declare no bodies: with them, both count as present.
 *
 * @param written whether a handler method writes a JSON body
 * @param read whether a handler method reads a JSON body
 */
record JsonBodies(boolean written, boolean read) {

	// Their routes are sent after readiness (the error page, the API description).
	private static final List<String> WARMED_AFTER_READINESS = List.of("org.springframework.boot.", "org.springdoc.");

	/**
	 * Read what the application's handler methods write and read.
	 * @param handlerMappings the annotated-controller mappings
	 * @param routerFunctions the functional endpoints' mappings
	 * @return what they write and read
	 */
	static JsonBodies of(ObjectProvider<RequestMappingHandlerMapping> handlerMappings,
			ObjectProvider<RouterFunctionMapping> routerFunctions) {
		if (routerFunctions.orderedStream().anyMatch((mapping) -> mapping.getRouterFunction() != null)) {
			return new JsonBodies(true, true);
		}
		List<HandlerMethod> handlers = handlerMappings.orderedStream()
			.flatMap((mapping) -> mapping.getHandlerMethods().values().stream())
			.filter((handler) -> WARMED_AFTER_READINESS.stream()
				.noneMatch((prefix) -> handler.getBeanType().getName().startsWith(prefix)))
			.toList();
		return new JsonBodies(handlers.stream().anyMatch(JsonBodies::writesJson),
				handlers.stream().anyMatch(JsonBodies::readsJson));
	}

	private static boolean writesJson(HandlerMethod handler) {
		ResolvableType body = HandlerBodies.written(handler);
		return body != null && isJson(body);
	}

	private static boolean readsJson(HandlerMethod handler) {
		return HandlerBodies.read(handler).stream().anyMatch(JsonBodies::isJson);
	}

	private static boolean isJson(ResolvableType body) {
		Class<?> type = body.resolve(Object.class);
		return !(type == void.class || type == Void.class || type == byte[].class
				|| CharSequence.class.isAssignableFrom(type) || Resource.class.isAssignableFrom(type));
	}

}
