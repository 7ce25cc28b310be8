package io.github.tomcatlatency.warmup;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.tomcatlatency.warmup.WarmupRequest.Origin;

import org.springframework.http.server.PathContainer;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Finds the application's own routes that a warm-up can call without arguments: those
 * mapped to {@code GET} alone, with a literal path and no required parameters, headers or
 * content type. A {@code GET} may still have side effects, which is why discovery is off
 * by default.
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
		List<PathPattern> excluded = excludes.stream().map(PathPatternParser.defaultInstance::parse).toList();
		return mapping.getHandlerMethods()
			.keySet()
			.stream()
			.filter(MvcRouteDiscovery::isPlainGet)
			.flatMap((info) -> info.getPatternValues().stream())
			.filter(MvcRouteDiscovery::isLiteral)
			.filter((path) -> excluded.stream().noneMatch((pattern) -> pattern.matches(PathContainer.parsePath(path))))
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
	 * Whether a route pattern is a literal path that discovery can call as it is.
	 * @param pattern the route pattern
	 * @return whether it starts with {@code /} and has no variable or wildcard
	 */
	public static boolean isLiteral(String pattern) {
		return pattern.startsWith("/") && pattern.indexOf('{') < 0 && pattern.indexOf('*') < 0
				&& pattern.indexOf('?') < 0;
	}

}
