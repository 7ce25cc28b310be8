package io.github.tomcatlatency.report;

import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import org.jspecify.annotations.Nullable;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

/**
 * Whether the warm-up reached a route's handler before readiness: the
 * {@link WarmupResult.Outcome outcome} of the warm-up's requests of the same method whose
 * path the route matches. Declared from the most to the least useful: when several
 * requests matched, the first in this order is the route's.
 */
public enum WarmupReach {

	/**
	 * A warm-up request reached the route's handler.
	 */
	REACHED,

	/**
	 * The warm-up requests to the route were refused by the application's security (401,
	 * 403 or a redirect to a login page).
	 */
	REFUSED,

	/**
	 * The warm-up requests to the route got another client error (a missing parameter, a
	 * wrong body): the handler did not run as a real request runs it.
	 */
	NOT_WARMED,

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
		return switch (request.outcome()) {
			case WARMED -> REACHED;
			case REFUSED -> REFUSED;
			case NOT_WARMED -> NOT_WARMED;
			case FAILED -> FAILED;
			case NOT_SENT -> NOT_SENT;
		};
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
