package io.github.tomcatlatency.warmup.internal.discovery;

import java.util.List;
import java.util.function.Predicate;

import org.springframework.http.server.PathContainer;
import org.springframework.util.AntPathMatcher;
import org.springframework.web.servlet.mvc.condition.PathPatternsRequestCondition;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * What the discoveries and the replay of a training's routes share: the user's
 * exclusions, and which paths an annotated controller serves.
 */
public final class RoutePaths {

	private static final AntPathMatcher ANT_PATHS = new AntPathMatcher();

	private RoutePaths() {
	}

	/**
	 * Return a test of a path that no exclusion matches.
	 * @param excludes path patterns, in the syntax of {@link PathPatternParser}
	 * @return the test
	 */
	public static Predicate<String> notExcluded(List<String> excludes) {
		List<PathPattern> excluded = excludes.stream().map(PathPatternParser.defaultInstance::parse).toList();
		return (path) -> {
			PathContainer container = PathContainer.parsePath(path);
			return excluded.stream().noneMatch((pattern) -> pattern.matches(container));
		};
	}

	/**
	 * Return whether one of the mapping's routes, for any method, matches the path.
	 * @param mapping an annotated-controller mapping
	 * @param path the path
	 * @return whether the mapping may serve it
	 */
	static boolean serves(RequestMappingHandlerMapping mapping, String path) {
		PathContainer container = PathContainer.parsePath(path);
		return mapping.getHandlerMethods().keySet().stream().anyMatch((route) -> matches(route, path, container));
	}

	private static boolean matches(RequestMappingInfo route, String path, PathContainer container) {
		PathPatternsRequestCondition patterns = route.getPathPatternsCondition();
		if (patterns != null) {
			return patterns.getPatterns().stream().anyMatch((pattern) -> pattern.matches(container));
		}
		// The application matches paths with AntPathMatcher
		// (spring.mvc.pathmatch.matching-strategy=ant-path-matcher).
		return route.getPatternValues().stream().anyMatch((pattern) -> ANT_PATHS.match(pattern, path));
	}

}
