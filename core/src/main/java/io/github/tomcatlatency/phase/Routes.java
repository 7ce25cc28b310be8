package io.github.tomcatlatency.phase;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Resolves the {@link Route} of a completed request, with the {@code uri} values of
 * Spring's {@code http.server.requests}: the pattern Spring MVC matched, never the raw
 * path. The number of routes is bounded, so a flood of distinct URLs cannot grow memory
 * or meter cardinality: past the bound new routes are not recorded and a warning is
 * logged once.
 */
public final class Routes {

	private static final Log logger = LogFactory.getLog(Routes.class);

	private static final Route OVER_LIMIT = new Route("over-limit", -1);

	private final int maxRoutes;

	private final Map<String, Route> routes = new ConcurrentHashMap<>();

	private final AtomicInteger nextIndex = new AtomicInteger();

	private final AtomicBoolean limitLogged = new AtomicBoolean();

	/**
	 * Create a route table.
	 * @param maxRoutes the most routes to record
	 */
	public Routes(int maxRoutes) {
		this.maxRoutes = maxRoutes;
	}

	/**
	 * Return how many routes are recorded at most: the bound on {@link Route#index()},
	 * which recorders size their tables by.
	 * @return the route capacity
	 */
	public int capacity() {
		return this.maxRoutes;
	}

	/**
	 * Return the route of a completed request.
	 * @param pattern the pattern Spring MVC matched, or {@code null}
	 * @param status the response status
	 * @return the route, or {@code null} if the request is not to be recorded
	 */
	public @Nullable Route resolve(@Nullable String pattern, int status) {
		String uri = uri(pattern, status);
		Route route = this.routes.get(uri);
		if (route == null) {
			route = add(uri);
		}
		return (route.index() >= 0) ? route : null;
	}

	/**
	 * Add a route on its first request. The {@code uri} values are patterns of the
	 * application's mappings or fixed values, so the map stays as small as the
	 * application.
	 * @param uri the {@code uri} tag value
	 * @return the route
	 */
	private Route add(String uri) {
		return this.routes.computeIfAbsent(uri, (key) -> {
			int index = this.nextIndex.getAndIncrement();
			if (index >= this.maxRoutes) {
				logLimitReached();
				return OVER_LIMIT;
			}
			return new Route(key, index);
		});
	}

	private void logLimitReached() {
		if (this.limitLogged.compareAndSet(false, true)) {
			logger.warn("Reached the maximum number of routes (" + this.maxRoutes
					+ ") that tomcat-latency records: requests to further routes are not recorded. Raise "
					+ "'management.metrics.web.server.max-uri-tags' if the application has more routes.");
		}
	}

	/**
	 * Return the {@code uri} tag value, as {@code http.server.requests} does.
	 * @param pattern the pattern Spring MVC matched, or {@code null}
	 * @param status the response status
	 * @return the tag value
	 */
	static String uri(@Nullable String pattern, int status) {
		if (pattern != null) {
			return pattern.isEmpty() ? "root" : pattern;
		}
		if (status >= 300 && status < 400) {
			return "REDIRECTION";
		}
		return (status == 404) ? "NOT_FOUND" : "UNKNOWN";
	}

}
