package io.github.tomcatlatency.warmup.internal.replay;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * What a training run saw of the transactions its warm-up requests began: the requests
 * that began one which could write (any transaction manager's, told by
 * {@link WriteTransactionObserver}), by method and path below the context path, and the
 * transaction managers it could not watch. A training run records none of those requests
 * to be sent again, and none at all when a transaction manager could not be watched. Only
 * warm-up requests are added, so the warm-up's routes bound how many; past
 * {@value #MAX_ROUTES} every route counts as one that could write.
 */
public final class WriteTransactions {

	private static final int MAX_ROUTES = 1_000;

	private final Set<String> routes = ConcurrentHashMap.newKeySet();

	private volatile boolean overflowed;

	private volatile @Nullable String unobserved;

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
	 * Note a transaction manager whose transactions cannot be watched: one that takes no
	 * listener, or refused one.
	 * @param transactionManager the bean's name and class, and why
	 */
	public void unobserved(String transactionManager) {
		if (this.unobserved == null) {
			this.unobserved = transactionManager;
		}
	}

	/**
	 * Return the first transaction manager whose transactions could not be watched.
	 * @return its name, class and why, or {@code null} when every one is watched
	 */
	public @Nullable String unobserved() {
		return this.unobserved;
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
