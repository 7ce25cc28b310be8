package io.github.tomcatlatency.warmup.internal.replay;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
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
import org.jspecify.annotations.Nullable;

/**
 * The application's {@code GET} requests that a training run found safe to send again,
 * recorded next to the JVM cache it trained, in {@value #FILE_NAME}, one path below the
 * context path per line, with its query if it has one: a warm-up with
 * {@code tomcat-latency.warmup.replay-training} sends them before readiness in a JVM
 * started with that cache.
 * <p>
 * The file may have been edited by hand, so what is read is bounded and checked, and the
 * first problem fails the whole read: at most {@value #MAX_REQUESTS} requests, each a
 * path of at most {@value #MAX_PATH_LENGTH} characters in the form a request line carries
 * it (ASCII, percent-encoded, no fragment), none with a {@code .} or {@code ..} segment
 * that would leave the context path once Tomcat has decoded and normalized it. A training
 * records nothing that would fail the read.
 */
public final class TrainedRequests {

	/**
	 * The name of the file, in the cache's directory.
	 */
	public static final String FILE_NAME = "tomcat-latency-trained-requests.txt";

	/**
	 * The most requests a record holds.
	 */
	static final int MAX_REQUESTS = 1_000;

	/**
	 * The longest path, its query included.
	 */
	static final int MAX_PATH_LENGTH = 2_048;

	// Every request at its longest, with the comment and blank lines to spare.
	private static final int MAX_BYTES = MAX_REQUESTS * (MAX_PATH_LENGTH + 2) + 64 * 1024;

	private static final String COMMENT = "# Written by tomcat-latency's training run: the GET requests that warmed "
			+ "their route; tomcat-latency.warmup.replay-training=true sends them before readiness";

	// Besides letters and digits, RFC 3986's unreserved and sub-delims characters and
	// those a path segment (pchar) adds; a path adds '/', its query '?'.
	private static final String PATH_CHARACTERS = "-._~!$&'()*+,;=:@";

	private TrainedRequests() {
	}

	/**
	 * Return the paths of the requests to record from a training run's results: the
	 * application's {@code GET} requests (configured or discovered) that were answered
	 * with a 2xx status every time they were sent, other than those a predicate rules out
	 * and those a read would refuse, at most {@value #MAX_REQUESTS}, the first sent.
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
			if (success && paths.size() < MAX_REQUESTS && problem(path) == null && !ruledOut.test("GET", path)) {
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
	 * @throws IOException if the file cannot be read, is larger than a training writes,
	 * is not text, holds more than {@value #MAX_REQUESTS} requests or a line that is no
	 * path below the context path; the message names the problem
	 */
	public static List<WarmupRequest> read(Path directory, int repetitions) throws IOException {
		Path file = directory.resolve(FILE_NAME);
		if (!Files.isRegularFile(file)) {
			return List.of();
		}
		List<WarmupRequest> requests = new ArrayList<>();
		List<String> lines = text(file).lines().toList();
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i).strip();
			if (line.isEmpty() || line.startsWith("#")) {
				continue;
			}
			String problem = problem(line);
			if (problem != null) {
				throw new IOException(file + ", line " + (i + 1) + ": " + problem);
			}
			if (requests.size() == MAX_REQUESTS) {
				throw new IOException(file + ": more than " + MAX_REQUESTS + " requests, more than a training records");
			}
			requests.add(new WarmupRequest(Origin.REPLAYED, "GET", line, Map.of(), null, repetitions));
		}
		return requests;
	}

	private static String text(Path file) throws IOException {
		byte[] bytes;
		try (InputStream input = Files.newInputStream(file)) {
			bytes = input.readNBytes(MAX_BYTES + 1);
		}
		if (bytes.length > MAX_BYTES) {
			throw new IOException(file + ": larger than " + MAX_BYTES + " bytes, more than a training writes");
		}
		try {
			return StandardCharsets.UTF_8.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT)
				.decode(ByteBuffer.wrap(bytes))
				.toString();
		}
		catch (CharacterCodingException ex) {
			throw new IOException(file + ": not text (UTF-8), as a training writes it");
		}
	}

	/**
	 * Return what keeps a line from being sent as the path of a request below the context
	 * path.
	 * @param line the line, stripped
	 * @return the problem, or {@code null} for a path the warm-up may send
	 */
	static @Nullable String problem(String line) {
		if (line.length() > MAX_PATH_LENGTH) {
			return "longer than " + MAX_PATH_LENGTH + " characters";
		}
		if (!line.startsWith("/") || !wellFormed(line)) {
			return "not a path below the context path (ASCII, percent-encoded, with a query at most)";
		}
		int query = line.indexOf('?');
		if (leavesContext((query < 0) ? line : line.substring(0, query))) {
			return "a '.' or '..' segment, which could leave the context path";
		}
		return null;
	}

	private static boolean wellFormed(String line) {
		for (int i = 0; i < line.length(); i++) {
			char c = line.charAt(i);
			if (c == '%') {
				if (i + 2 >= line.length() || Character.digit(line.charAt(i + 1), 16) < 0
						|| Character.digit(line.charAt(i + 2), 16) < 0) {
					return false;
				}
				i += 2;
			}
			else if (!isPathCharacter(c) && c != '/' && c != '?') {
				return false;
			}
		}
		return true;
	}

	private static boolean isPathCharacter(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
				|| PATH_CHARACTERS.indexOf(c) >= 0;
	}

	/**
	 * Return whether a path has a dot segment once decoded as Tomcat decodes a request's
	 * path (percent-encoding, an encoded slash or backslash as a separator where it is
	 * allowed) and without path parameters ({@code ;jsessionid=...}).
	 * @param path the path, without its query
	 * @return whether a segment is {@code .} or {@code ..}
	 */
	private static boolean leavesContext(String path) {
		String decoded = decode(path).replace('\\', '/');
		for (String segment : decoded.split("/", -1)) {
			int parameters = segment.indexOf(';');
			String name = (parameters < 0) ? segment : segment.substring(0, parameters);
			if (name.equals(".") || name.equals("..")) {
				return true;
			}
		}
		return false;
	}

	private static String decode(String path) {
		StringBuilder decoded = new StringBuilder(path.length());
		for (int i = 0; i < path.length(); i++) {
			char c = path.charAt(i);
			if (c == '%') {
				decoded.append((char) Integer.parseInt(path, i + 1, i + 3, 16));
				i += 2;
			}
			else {
				decoded.append(c);
			}
		}
		return decoded.toString();
	}

}
