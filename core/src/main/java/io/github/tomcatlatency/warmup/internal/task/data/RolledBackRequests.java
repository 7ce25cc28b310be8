package io.github.tomcatlatency.warmup.internal.task.data;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The warm-up requests that began a transaction which could write, one that
 * {@link WarmupTransactionRollback} rolled back, by method and path below the context
 * path: a training run records none of their routes to be sent again. Only warm-up
 * requests are added, so the warm-up's routes bound how many; past {@value #MAX_ROUTES}
 * every route counts as one that could write.
 */
public final class RolledBackRequests {

	private static final int MAX_ROUTES = 1_000;

	private final Set<String> routes = ConcurrentHashMap.newKeySet();

	private volatile boolean overflowed;

	void add(HttpServletRequest request) {
		if (this.routes.size() >= MAX_ROUTES) {
			this.overflowed = true;
			return;
		}
		String path = request.getRequestURI().substring(request.getContextPath().length());
		String query = request.getQueryString();
		this.routes.add(key(request.getMethod(), (query != null) ? path + "?" + query : path));
	}

	/**
	 * Return whether a request to a route began a transaction that could write.
	 * @param method the request's method
	 * @param path its path below the context path, with its query
	 * @return whether it did, or may have
	 */
	public boolean contains(String method, String path) {
		return this.overflowed || this.routes.contains(key(method, path));
	}

	private static String key(String method, String path) {
		return method + " " + path;
	}

}
