package io.github.tomcatlatency.report;

import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import org.jspecify.annotations.Nullable;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

/**
 * Whether the warm-up reached a route's handler before readiness, from the warm-up's
 * requests of the same method whose path the route matches. Declared from the most to the
 * least useful outcome: when several requests matched, the first outcome in this order is
 * the route's.
 */
public enum WarmupReach {

	/**
	 * A warm-up request got an answer from the route other than 401 or 403.
	 */
	REACHED,

	/**
	 * The warm-up requests to the route were refused: 401 or 403.
	 */
	REFUSED,

	/**
	 * The warm-up requests to the route got no answer, or a server error other than 503.
	 */
	FAILED,

	/**
	 * The warm-up ran but sent no request to the route.
	 */
	NOT_SENT,

	/**
	 * No warm-up ran: it is off, was skipped, or has not run yet.
	 */
	OFF;

	/**
	 * Join a route with the warm-up's requests.
	 * @param route the route pattern
	 * @param method the request method
	 * @param warmup the warm-up's result, or {@code null} when warm-up is off
	 * @return how far the warm-up got
	 */
	static WarmupReach of(String route, String method, @Nullable WarmupResult warmup) {
		if (warmup == null || warmup.state() == WarmupResult.State.SKIPPED
				|| warmup.state() == WarmupResult.State.PENDING) {
			return OFF;
		}
		PathPattern pattern = parse(route);
		WarmupReach reach = NOT_SENT;
		for (RequestResult request : warmup.requests()) {
			if (request.method().equals(method) && matches(pattern, route, request.path())) {
				WarmupReach outcome = of(request);
				reach = (outcome.ordinal() < reach.ordinal()) ? outcome : reach;
			}
		}
		return reach;
	}

	private static WarmupReach of(RequestResult request) {
		if (request.failed()) {
			return FAILED;
		}
		Integer status = request.status();
		return (status != null && (status == 401 || status == 403)) ? REFUSED : REACHED;
	}

	private static @Nullable PathPattern parse(String route) {
		if (!route.startsWith("/")) {
			// NOT_FOUND, REDIRECTION, UNKNOWN: no pattern
			return null;
		}
		try {
			return PathPatternParser.defaultInstance.parse(route);
		}
		catch (PatternParseException ex) {
			// An AntPathMatcher pattern that PathPattern does not read: compare
			// literally.
			return null;
		}
	}

	private static boolean matches(@Nullable PathPattern pattern, String route, String requestPath) {
		int query = requestPath.indexOf('?');
		String path = (query >= 0) ? requestPath.substring(0, query) : requestPath;
		return (pattern != null) ? pattern.matches(PathContainer.parsePath(path)) : route.equals(path);
	}

}
