package io.github.tomcatlatency.warmup.internal.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import io.github.tomcatlatency.warmup.WarmupResult;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Records, next to the cache the training run's JVM writes as it exits, the application's
 * {@code GET} requests that a warm-up with
 * {@code tomcat-latency.warmup.replay-training=true} may send again: those that warmed
 * their route every time, other than a configured request with headers or a body of its
 * own (headers may be credentials) and one that began a transaction which could write.
 * When a transaction manager's transactions could not be watched, it records none.
 */
public final class TrainedRequestsRecorder {

	private static final Log logger = LogFactory.getLog(TrainedRequestsRecorder.class);

	private final Set<String> withOwnHeadersOrBody;

	private final @Nullable WriteTransactions writes;

	private final Supplier<@Nullable Path> cacheDirectory;

	/**
	 * Create a recorder.
	 * @param withOwnHeadersOrBody the paths of the configured requests with headers or a
	 * body of their own
	 * @param writes what the training run saw of its requests' transactions, or
	 * {@code null} when the application has no transaction support
	 * @param cacheDirectory the directory of the cache the JVM writes as it exits
	 */
	public TrainedRequestsRecorder(Set<String> withOwnHeadersOrBody, @Nullable WriteTransactions writes,
			Supplier<@Nullable Path> cacheDirectory) {
		this.withOwnHeadersOrBody = withOwnHeadersOrBody;
		this.writes = writes;
		this.cacheDirectory = cacheDirectory;
	}

	/**
	 * Record the requests of a training run that warmed every route it was asked to.
	 * @param result the warm-up's result
	 * @return how many requests were recorded, or {@code -1} when the JVM writes no cache
	 * as it exits (a training run without one)
	 * @throws IOException if the record cannot be written
	 */
	public int record(WarmupResult result) throws IOException {
		Path directory = this.cacheDirectory.get();
		if (directory == null) {
			return -1;
		}
		String unobserved = (this.writes != null) ? this.writes.unobserved() : null;
		List<String> paths;
		if (unobserved != null) {
			// A record of its own replaces the last training's.
			logger.info("Training run records none of its requests for tomcat-latency.warmup.replay-training: "
					+ "the transactions of " + unobserved + " cannot be watched, so a request that writes through it "
					+ "could not be told apart");
			paths = List.of();
		}
		else {
			paths = TrainedRequests.select(result.requests(), (method, path) -> this.withOwnHeadersOrBody.contains(path)
					|| (this.writes != null && this.writes.contains(method, path)));
		}
		TrainedRequests.write(directory, paths);
		return paths.size();
	}

}
