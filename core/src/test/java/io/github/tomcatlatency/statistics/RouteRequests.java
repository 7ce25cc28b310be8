package io.github.tomcatlatency.statistics;

import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.phase.Route;

/**
 * Records warm requests into request statistics, for the tests of the statistics and of
 * the report read from them.
 */
public final class RouteRequests {

	private RouteRequests() {
	}

	/**
	 * Record requests of {@code GET /route<index>}, and of {@code POST} too if asked,
	 * with durations over four decades.
	 * @param statistics the statistics
	 * @param index the route's index
	 * @param requests the requests of each method
	 * @param post whether {@code POST} requests are recorded too
	 */
	public static void record(RequestStatistics statistics, int index, int requests, boolean post) {
		Route route = new Route("/route" + index, index);
		for (int i = 1; i <= requests; i++) {
			long nanos = TimeUnit.MICROSECONDS.toNanos(i * 37L % 10_000 + 1);
			statistics.record(route, "GET", 200, nanos / 4, nanos / 4, nanos - nanos / 2);
			if (post) {
				statistics.record(route, "POST", 200, nanos / 4, nanos / 4, nanos - nanos / 2);
			}
		}
	}

}
