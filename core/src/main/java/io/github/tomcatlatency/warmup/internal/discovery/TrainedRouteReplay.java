package io.github.tomcatlatency.warmup.internal.discovery;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

import io.github.tomcatlatency.training.internal.TrainedRequests;
import io.github.tomcatlatency.warmup.WarmupRequest;

/**
 * The routes a training run recorded next to the JVM's cache ({@link TrainedRequests}),
 * to send again before readiness: those it found by discovery or was told of, that warmed
 * their route and began no transaction which could write.
 */
public final class TrainedRouteReplay {

	private TrainedRouteReplay() {
	}

	/**
	 * Return the requests recorded next to a cache.
	 * @param cacheDirectory the directory of the JVM's cache
	 * @param excludes the path patterns of {@code tomcat-latency.warmup.exclude}, matched
	 * against each path without its query
	 * @param repetitions how many times to send each
	 * @return the requests, empty when the training recorded none there
	 * @throws IOException if the record cannot be read, or a line is no path
	 */
	public static List<WarmupRequest> getRoutes(Path cacheDirectory, List<String> excludes, int repetitions)
			throws IOException {
		Predicate<String> notExcluded = RoutePaths.notExcluded(excludes);
		return TrainedRequests.read(cacheDirectory, repetitions)
			.stream()
			.filter((request) -> notExcluded.test(withoutQuery(request.path())))
			.toList();
	}

	private static String withoutQuery(String path) {
		int query = path.indexOf('?');
		return (query < 0) ? path : path.substring(0, query);
	}

}
