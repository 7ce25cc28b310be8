package io.github.tomcatlatency.training.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;

/**
 * The application's {@code GET} requests that a training run found safe to send again,
 * recorded next to the JVM cache it trained, in {@value #FILE_NAME}, one path below the
 * context path per line: a warm-up with {@code tomcat-latency.warmup.replay-training}
 * sends them before readiness in a JVM started with that cache.
 */
public final class TrainedRequests {

	/**
	 * The name of the file, in the cache's directory.
	 */
	public static final String FILE_NAME = "tomcat-latency-trained-requests.txt";

	private static final String COMMENT = "# Written by tomcat-latency's training run: the GET requests that warmed "
			+ "their route; tomcat-latency.warmup.replay-training=true sends them before readiness";

	private TrainedRequests() {
	}

	/**
	 * Return the paths of the requests to record from a training run's results: the
	 * application's {@code GET} requests (configured or discovered) that were answered
	 * with a 2xx status every time they were sent, other than those a predicate rules
	 * out.
	 * @param results the results of the training run's requests, each repetition's
	 * @param ruledOut whether a request, by method and path, may not be sent again: one
	 * that began a transaction which could write, or a configured one with headers or a
	 * body of its own (headers may be credentials)
	 * @return the paths, in the order they were first sent
	 */
	public static List<String> select(List<RequestResult> results, BiPredicate<String, String> ruledOut) {
		Map<String, Boolean> answered = new LinkedHashMap<>();
		for (RequestResult result : results) {
			if (result.origin() != Origin.BUILT_IN && "GET".equals(result.method())) {
				boolean success = result.outcome() == Outcome.WARMED && result.status() != null
						&& result.status() >= 200 && result.status() < 300;
				answered.merge(result.path(), success, Boolean::logicalAnd);
			}
		}
		List<String> paths = new ArrayList<>();
		answered.forEach((path, success) -> {
			if (success && !ruledOut.test("GET", path)) {
				paths.add(path);
			}
		});
		return paths;
	}

	/**
	 * Write the record into a directory.
	 * @param directory the cache's directory
	 * @param paths the paths of the requests
	 * @throws IOException if the file cannot be written
	 */
	public static void write(Path directory, List<String> paths) throws IOException {
		List<String> lines = new ArrayList<>();
		lines.add(COMMENT);
		lines.addAll(paths);
		Files.write(directory.resolve(FILE_NAME), lines, StandardCharsets.UTF_8);
	}

	/**
	 * Read the record of the cache in a directory, as requests sent a given number of
	 * times.
	 * @param directory the cache's directory
	 * @param repetitions how many times to send each request
	 * @return the requests, or an empty list when the training recorded none there
	 * @throws IOException if the file cannot be read or a line is no path
	 */
	public static List<WarmupRequest> read(Path directory, int repetitions) throws IOException {
		Path file = directory.resolve(FILE_NAME);
		if (!Files.isRegularFile(file)) {
			return List.of();
		}
		List<WarmupRequest> requests = new ArrayList<>();
		List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i).strip();
			if (line.isEmpty() || line.startsWith("#")) {
				continue;
			}
			if (!line.startsWith("/") || line.chars().anyMatch((c) -> c <= ' ' || c >= 0x7f)) {
				throw new IOException(file + ", line " + (i + 1) + ": not a path below the context path");
			}
			requests.add(new WarmupRequest(Origin.DISCOVERED, "GET", line, Map.of(), null, repetitions));
		}
		return requests;
	}

}
