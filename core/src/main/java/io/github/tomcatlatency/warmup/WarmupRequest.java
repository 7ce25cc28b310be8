package io.github.tomcatlatency.warmup;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * One request of a warm-up, sent {@code repetitions} times.
 *
 * @param origin where the request comes from
 * @param method the HTTP method
 * @param path the path below the servlet context path, starting with {@code /}
 * @param headers extra request headers
 * @param body the request body, or {@code null} for none
 * @param repetitions how many times to send it, at least one
 */
public record WarmupRequest(Origin origin, String method, String path, Map<String, String> headers,
		@Nullable String body, int repetitions) {

	public WarmupRequest {
		if (!path.startsWith("/")) {
			throw new IllegalArgumentException("Warm-up path '" + path + "' must start with '/'");
		}
		if (repetitions < 1) {
			throw new IllegalArgumentException("Warm-up repetitions must be at least 1, was " + repetitions);
		}
		headers = Map.copyOf(headers);
	}

	/**
	 * Create a {@code GET} request sent once.
	 * @param origin where the request comes from
	 * @param path the path below the servlet context path
	 * @return the request
	 */
	public static WarmupRequest get(Origin origin, String path) {
		return new WarmupRequest(origin, "GET", path, Map.of(), null, 1);
	}

	/**
	 * Where a warm-up request comes from.
	 */
	public enum Origin {

		/**
		 * Built into the starter: touches only the framework.
		 */
		BUILT_IN,

		/**
		 * Configured in {@code tomcat-latency.warmup.requests}.
		 */
		CONFIGURED,

		/**
		 * One of the application's routes, found by
		 * {@code tomcat-latency.warmup.discover-routes}.
		 */
		DISCOVERED,

		/**
		 * One of the application's routes, recorded by the training run of the JVM's
		 * cache and sent again with {@code tomcat-latency.warmup.replay-training}.
		 */
		REPLAYED

	}

}
