package io.github.tomcatlatency.autoconfigure.training;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties.Warmup;
import io.github.tomcatlatency.training.internal.TrainedRequests;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.internal.task.data.RolledBackRequests;
import org.jspecify.annotations.Nullable;

/**
 * Records, next to the cache the training run's JVM writes as it exits, the application's
 * {@code GET} requests that a warm-up with
 * {@code tomcat-latency.warmup.replay-training=true} may send again: those that warmed
 * their route every time, other than a configured request with headers or a body of its
 * own (headers may be credentials) and one that began a transaction which could write.
 */
final class TrainedRequestsRecorder {

	private final Set<String> withOwnHeadersOrBody;

	private final @Nullable RolledBackRequests rolledBack;

	private final Supplier<@Nullable Path> cacheDirectory;

	/**
	 * Create a recorder.
	 * @param configured the configured warm-up requests
	 * @param rolledBack the requests whose transaction was rolled back, or {@code null}
	 * when no transaction manager gets the rollback
	 * @param cacheDirectory the directory of the cache the JVM writes as it exits
	 */
	TrainedRequestsRecorder(List<Warmup.Request> configured, @Nullable RolledBackRequests rolledBack,
			Supplier<@Nullable Path> cacheDirectory) {
		this.withOwnHeadersOrBody = configured.stream()
			.filter((request) -> !request.getHeaders().isEmpty() || request.getBody() != null)
			.map(Warmup.Request::getPath)
			.collect(Collectors.toUnmodifiableSet());
		this.rolledBack = rolledBack;
		this.cacheDirectory = cacheDirectory;
	}

	/**
	 * Record the requests of a training run that warmed every route it was asked to.
	 * @param result the warm-up's result
	 * @return how many requests were recorded, or {@code -1} when the JVM writes no cache
	 * as it exits (a training run without one)
	 * @throws IOException if the record cannot be written
	 */
	int record(WarmupResult result) throws IOException {
		Path directory = this.cacheDirectory.get();
		if (directory == null) {
			return -1;
		}
		List<String> paths = TrainedRequests.select(result.requests(),
				(method, path) -> this.withOwnHeadersOrBody.contains(path)
						|| (this.rolledBack != null && this.rolledBack.contains(method, path)));
		TrainedRequests.write(directory, paths);
		return paths.size();
	}

}
