package io.github.tomcatlatency.warmup.internal.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.internal.discovery.RoutePaths;

/**
 * The routes a training run recorded next to the JVM's cache ({@link TrainedRequests}),
 * to send again before readiness: those it found by discovery or was told of, that warmed
 * their route and began no transaction which could write.
 */
public final class TrainedRouteReplay {

	private TrainedRouteReplay() {
	}

	/**
	 * Return the requests recorded next to a cache, other than those an exclusion
	 * matches.
	 * @param cacheDirectory the directory of the JVM's cache
	 * @param servletPath the {@code DispatcherServlet}'s path below the context path, as
	 * the running servlet context maps it, empty when it serves the root: the recorded
	 * paths carry it, and exclusions are matched below it, as discovery matches them
	 * @param excludes the path patterns of {@code tomcat-latency.warmup.exclude}, matched
	 * against each path without its query, below the {@code DispatcherServlet}'s path (a
	 * path outside it as it is)
	 * @param repetitions how many times to send each
	 * @return the requests, empty when the training recorded none there
	 * @throws IOException if the record cannot be read, or a line is no path
	 */
	public static List<WarmupRequest> getRoutes(Path cacheDirectory, String servletPath, List<String> excludes,
			int repetitions) throws IOException {
		Predicate<String> notExcluded = RoutePaths.notExcluded(excludes);
		return TrainedRequests.read(cacheDirectory, repetitions)
			.stream()
			.filter((request) -> notExcluded.test(belowServletPath(withoutQuery(request.path()), servletPath)))
			.toList();
	}

	private static String withoutQuery(String path) {
		int query = path.indexOf('?');
		return (query < 0) ? path : path.substring(0, query);
	}

	private static String belowServletPath(String path, String servletPath) {
		if (servletPath.isEmpty() || !path.startsWith(servletPath)) {
			return path;
		}
		String below = path.substring(servletPath.length());
		if (below.isEmpty()) {
			return "/";
		}
		return below.startsWith("/") ? below : path;
	}

}
