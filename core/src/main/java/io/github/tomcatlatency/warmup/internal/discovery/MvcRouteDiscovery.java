package io.github.tomcatlatency.warmup.internal.discovery;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;

import org.springframework.core.MethodParameter;
import org.springframework.core.ReactiveAdapter;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.core.ResolvableType;
import org.springframework.http.HttpEntity;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.ValueConstants;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Finds the application's own routes that a warm-up can call without arguments: those
 * mapped to {@code GET} alone, with a literal path, no required parameters, headers,
 * cookies or body, and no content type, that answer with a body that ends (no
 * {@code SseEmitter}, {@code ResponseBodyEmitter}, {@code StreamingResponseBody} or
 * reactive stream). A {@code GET} may still have side effects, which is why discovery is
 * off by default.
 */
public final class MvcRouteDiscovery {

	private MvcRouteDiscovery() {
	}

	/**
	 * Return a {@code GET} request for each safe-looking route of the mapping that no
	 * exclusion matches.
	 * @param mapping the application's annotated-controller mapping
	 * @param excludes path patterns of routes not to call, in the syntax of
	 * {@link PathPatternParser}
	 * @param repetitions how many times to send each
	 * @return the requests, sorted by path
	 */
	public static List<WarmupRequest> getRoutes(RequestMappingHandlerMapping mapping, List<String> excludes,
			int repetitions) {
		return mapping.getHandlerMethods()
			.entrySet()
			.stream()
			.filter((route) -> isPlainGet(route.getKey()) && needsNoValue(route.getValue())
					&& !isStreaming(route.getValue()))
			.flatMap((route) -> route.getKey().getPatternValues().stream())
			.filter(MvcRouteDiscovery::isLiteral)
			.filter(RoutePaths.notExcluded(excludes))
			.distinct()
			.sorted()
			.map((path) -> new WarmupRequest(Origin.DISCOVERED, "GET", path, Map.of(), null, repetitions))
			.toList();
	}

	private static boolean isPlainGet(RequestMappingInfo info) {
		return info.getMethodsCondition().getMethods().equals(Set.of(RequestMethod.GET))
				&& info.getParamsCondition().getExpressions().isEmpty()
				&& info.getHeadersCondition().getExpressions().isEmpty() && info.getConsumesCondition().isEmpty();
	}

	/**
	 * Whether the handler streams its answer, which may never end: an emitter, a
	 * streaming body or a reactive stream, alone or in a {@code ResponseEntity}.
	 * @param handler the handler method
	 * @return {@code true} for a streaming handler
	 */
	private static boolean isStreaming(HandlerMethod handler) {
		ResolvableType type = ResolvableType.forMethodParameter(handler.getReturnType());
		if (HttpEntity.class.isAssignableFrom(type.toClass())) {
			type = type.as(HttpEntity.class).getGeneric(0);
		}
		Class<?> body = type.toClass();
		ReactiveAdapter reactive = ReactiveAdapterRegistry.getSharedInstance().getAdapter(body);
		return ResponseBodyEmitter.class.isAssignableFrom(body) || StreamingResponseBody.class.isAssignableFrom(body)
				|| (reactive != null && reactive.isMultiValue());
	}

	/**
	 * Whether the handler can be called without a value the request must carry: no
	 * required parameter, header, cookie or body without a default, and no primitive
	 * parameter left to a request parameter of the same name.
	 * @param handler the handler method
	 * @return {@code true} when a request with no parameter can reach it
	 */
	private static boolean needsNoValue(HandlerMethod handler) {
		return Arrays.stream(handler.getMethodParameters()).noneMatch(MvcRouteDiscovery::isRequiredValue);
	}

	private static boolean isRequiredValue(MethodParameter parameter) {
		if (parameter.isOptional()) {
			return false;
		}
		RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
		if (param != null) {
			return param.required() && ValueConstants.DEFAULT_NONE.equals(param.defaultValue())
					&& !Map.class.isAssignableFrom(parameter.getParameterType());
		}
		RequestHeader header = parameter.getParameterAnnotation(RequestHeader.class);
		if (header != null) {
			return header.required() && ValueConstants.DEFAULT_NONE.equals(header.defaultValue())
					&& !Map.class.isAssignableFrom(parameter.getParameterType());
		}
		CookieValue cookie = parameter.getParameterAnnotation(CookieValue.class);
		if (cookie != null) {
			return cookie.required() && ValueConstants.DEFAULT_NONE.equals(cookie.defaultValue());
		}
		RequestBody body = parameter.getParameterAnnotation(RequestBody.class);
		if (body != null) {
			return body.required();
		}
		RequestPart part = parameter.getParameterAnnotation(RequestPart.class);
		if (part != null) {
			return part.required();
		}
		// An unannotated primitive is bound from a request parameter of its name, and
		// cannot be left empty.
		return parameter.getParameterType().isPrimitive() && !parameter.hasParameterAnnotations();
	}

	/**
	 * Whether a route pattern is a literal path that discovery can call as it is.
	 * @param pattern the route pattern
	 * @return whether it starts with {@code /} and has no variable or wildcard
	 */
	public static boolean isLiteral(String pattern) {
		return pattern.startsWith("/") && pattern.indexOf('{') < 0 && pattern.indexOf('*') < 0
				&& pattern.indexOf('?') < 0;
	}

}
