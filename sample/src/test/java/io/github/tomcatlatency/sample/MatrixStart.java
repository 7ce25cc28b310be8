package io.github.tomcatlatency.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.tomcatlatency.sample.MatrixApplication.FirstRequest;

/**
 * One start of {@link ConfigurationMatrixIT}: an application's fat jar in a
 * configuration, with or without the starter, its requests and what its log says went
 * wrong.
 */
final class MatrixStart implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	private static final Duration BACKGROUND_TIMEOUT = Duration.ofSeconds(60);

	private static final String READY = "ReadinessState changed to ACCEPTING_TRAFFIC";

	private static final String BACKGROUND_FOLLOWS = "more follow in the background";

	private static final Pattern BACKGROUND_SENT = Pattern
		.compile("Tomcat warm-up sent \\d+ requests in the background");

	/**
	 * A line of Boot's console log: its level, then past the process id and the bracketed
	 * application and thread names, the logger and the message.
	 */
	private static final Pattern LOG_LINE = Pattern
		.compile("^\\S+\\s+(TRACE|DEBUG|INFO|WARN|ERROR) \\d+ --- (?:\\[[^\\]]*\\] )+(\\S+)\\s+: (.*)$");

	private static final Pattern TIMESTAMP_FIELD = Pattern.compile("\"timestamp\":\"[^\"]*\",?");

	private final LoggedProcess process;

	private final int port;

	private final String base;

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private MatrixStart(LoggedProcess process, int port, String base) {
		this.process = process;
		this.port = port;
		this.base = base;
	}

	/**
	 * Start an application in a configuration without waiting.
	 * @param application the application
	 * @param configuration the configuration
	 * @param starter whether the starter runs, with its defaults, or is switched off
	 * @return the starting application
	 * @throws IOException if it cannot be started
	 */
	static MatrixStart launch(MatrixApplication application, MatrixConfiguration configuration, boolean starter)
			throws IOException {
		int port = LoggedProcess.freePort();
		List<String> command = SampleJar.java("-jar", application.jar().toString());
		command.addAll(configuration.arguments(port));
		// Readiness as the application publishes it, whatever the configuration does to
		// its health endpoint (moved, behind HTTP Basic), and each warm-up request.
		command.add("--logging.level.org.springframework.boot.availability=debug");
		command.add("--logging.level.io.github.tomcatlatency.warmup=debug");
		if (!starter) {
			command.add("--tomcat-latency.enabled=false");
		}
		String host = configuration.address().contains(":") ? "[" + configuration.address() + "]"
				: configuration.address();
		String base = "http://" + host + ":" + port + configuration.routesPath(application);
		LoggedProcess process = LoggedProcess.start(application + (starter ? "-with-starter" : "-without-starter"),
				command);
		return new MatrixStart(process, port, base);
	}

	/**
	 * Wait until the application reports itself ready.
	 * @return {@code null} once it is ready, or why it is not: it exited, or did not
	 * become ready in time
	 * @throws Exception if interrupted or its log cannot be read
	 */
	String awaitReady() throws Exception {
		try {
			this.process.await("readiness", START_TIMEOUT, () -> output().contains(READY));
			return null;
		}
		catch (IllegalStateException ex) {
			return ex.getMessage().lines().findFirst().orElse("not ready");
		}
	}

	/**
	 * Wait until the warm-up's requests that follow readiness have been sent, if it said
	 * some would follow.
	 * @throws Exception if they have not within a minute, or the process exits
	 */
	void awaitBackgroundWarmup() throws Exception {
		if (output().contains(BACKGROUND_FOLLOWS)) {
			this.process.await("the warm-up's requests after readiness", BACKGROUND_TIMEOUT,
					() -> BACKGROUND_SENT.matcher(output()).find());
		}
	}

	/**
	 * Send a request and return the answer's status and body, without what changes
	 * between two answers (an error's timestamp).
	 * @param request the request
	 * @return the answer
	 * @throws Exception if it cannot be sent
	 */
	Answer send(FirstRequest request) throws Exception {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(this.base + request.path()))
			.timeout(Duration.ofSeconds(30))
			.header("Accept", request.accept());
		if (request.credentials() != null) {
			builder.header("Authorization", "Basic "
					+ Base64.getEncoder().encodeToString(request.credentials().getBytes(StandardCharsets.UTF_8)));
		}
		HttpResponse<String> response = this.client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
		return new Answer(response.statusCode(), TIMESTAMP_FIELD.matcher(response.body()).replaceAll(""));
	}

	/**
	 * Send the application SIGTERM, without waiting.
	 */
	void stop() {
		this.process.stop();
	}

	/**
	 * Wait for the application to exit.
	 * @return its exit status
	 * @throws Exception if it has not exited within half a minute
	 */
	int awaitExit() throws Exception {
		return this.process.awaitExit(Duration.ofSeconds(30));
	}

	/**
	 * Return what the log says went wrong: each WARN and ERROR line (its logger and
	 * message) and the first line of each stack trace, in order, the port replaced.
	 * @return the problems
	 * @throws IOException if the log cannot be read
	 */
	Set<String> problems() throws IOException {
		Set<String> problems = new LinkedHashSet<>();
		List<String> lines = new ArrayList<>(output().lines().toList());
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			Matcher logged = LOG_LINE.matcher(line);
			if (logged.matches() && (logged.group(1).equals("WARN") || logged.group(1).equals("ERROR"))) {
				problems.add(logged.group(1) + " " + logged.group(2) + ": " + logged.group(3));
			}
			else if (line.startsWith("\tat ") && i > 0 && !lines.get(i - 1).startsWith("\t")) {
				problems.add("stack trace: " + lines.get(i - 1));
			}
		}
		return problems.stream()
			.map((problem) -> problem.replace(Integer.toString(this.port), "<port>"))
			.collect(LinkedHashSet::new, Set::add, Set::addAll);
	}

	String output() throws IOException {
		return this.process.output();
	}

	@Override
	public void close() throws Exception {
		this.process.close();
	}

	/**
	 * An answer, as far as two starts of an application give the same one.
	 *
	 * @param status the status
	 * @param body the body, without what changes between two answers
	 */
	record Answer(int status, String body) {

	}

}
