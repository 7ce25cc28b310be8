package io.github.tomcatlatency.warmup;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Authenticator;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Sends the warm-up requests over loopback through Tomcat once the server listens: the
 * starter's own from when the application has started, beside the application's runners,
 * and the application's routes once the runners have run, before Spring Boot publishes
 * {@code ReadinessState.ACCEPTING_TRAFFIC}, so the application reports itself ready only
 * after the connector, parser, mapper, filters, {@code DispatcherServlet}, message
 * converters and error handling have run once. Requests that real first requests do not
 * need, such as a library's API description, are sent after that, in the background: they
 * never hold readiness back, and each waits for a pause in the application's traffic, so
 * that they do not slow down the real first requests that follow readiness.
 * <p>
 * Each request is sent once per repetition, never retried. The timeout bounds how long
 * readiness waits, the request timeout how long one request may take; a server that
 * cannot be reached ends the warm-up at once. Whatever fails is logged, one line a route,
 * and start-up continues, unless asked otherwise.
 */
public final class WarmupRunner {

	private static final Log logger = LogFactory.getLog(WarmupRunner.class);

	private static final Authenticator NO_CREDENTIALS = new Authenticator() {
	};

	private static final int BUILT_IN_LANES = Math.min(2, Runtime.getRuntime().availableProcessors());

	/**
	 * How long the server must have served nothing before a background request goes out:
	 * longer than the gaps between a client's successive requests.
	 */
	private static final Duration BACKGROUND_PAUSE = Duration.ofSeconds(2);

	private final Supplier<@Nullable URI> server;

	private final TrafficPause backgroundPause;

	private final Supplier<List<WarmupRequest>> requests;

	private final Supplier<List<WarmupRequest>> backgroundRequests;

	private final WarmupRequestMarker marker;

	private final Duration timeout;

	private final Duration requestTimeout;

	private final boolean failOnError;

	private volatile WarmupResult result = WarmupResult.pending();

	private volatile boolean unreachable;

	private volatile boolean stopping;

	private @Nullable BuiltInPart builtInPart;

	/**
	 * Create a runner.
	 * @param server the URI of the servlet context, {@code null} when no plain-HTTP
	 * connector listens
	 * @param serverActivity the server's {@link ConnectorActivity}, which the requests
	 * sent after readiness wait to stand still
	 * @param requests the requests to send before readiness, asked once the server
	 * listens
	 * @param backgroundRequests the requests to send after them, without holding
	 * readiness back
	 * @param marker marks the requests so that metrics leave them out
	 * @param timeout how long each part of the warm-up may take
	 * @param requestTimeout how long one request may take
	 * @param failOnError whether a warm-up that did not warm every route fails start-up
	 */
	public WarmupRunner(Supplier<@Nullable URI> server, LongSupplier serverActivity,
			Supplier<List<WarmupRequest>> requests, Supplier<List<WarmupRequest>> backgroundRequests,
			WarmupRequestMarker marker, Duration timeout, Duration requestTimeout, boolean failOnError) {
		this.server = server;
		this.backgroundPause = new TrafficPause(serverActivity, BACKGROUND_PAUSE);
		this.requests = requests;
		this.backgroundRequests = backgroundRequests;
		this.marker = marker;
		this.timeout = timeout;
		this.requestTimeout = requestTimeout;
		this.failOnError = failOnError;
	}

	/**
	 * Return what the warm-up did, or a {@link State#PENDING} result before it ran. The
	 * requests sent in the background are added once they have all been sent.
	 * @return the result
	 */
	public WarmupResult getResult() {
		return this.result;
	}

	/**
	 * Start sending the starter's own requests, on threads of their own: called once the
	 * application has started, so that they run beside the application's runners, whose
	 * work they do not need. Does nothing when they have been started.
	 */
	public synchronized void start() {
		if (this.builtInPart != null || this.stopping) {
			return;
		}
		URI server = this.server.get();
		if (server == null) {
			return;
		}
		this.marker.setActive(true);
		List<WarmupRequest> requests = this.requests.get();
		// The built-in requests are the starter's own and independent of each other:
		// sent side by side, they load and run cold code on two CPUs instead of one.
		int builtIn = (int) requests.stream().takeWhile((request) -> request.origin() == Origin.BUILT_IN).count();
		Sending sending = new Sending(server, System.nanoTime() + this.timeout.toNanos(), null);
		List<WarmupRequest> own = requests.subList(0, builtIn);
		Thread thread = new Thread(() -> sending.sendAll(own, BUILT_IN_LANES), "tomcat-latency-warmup");
		thread.setDaemon(true);
		this.builtInPart = new BuiltInPart(server, requests.subList(builtIn, requests.size()), sending, Instant.now(),
				thread);
		thread.start();
	}

	/**
	 * Send the warm-up requests before readiness, and start those sent after it: the
	 * starter's own, if {@link #start()} has not started them, then the application's
	 * routes.
	 */
	public void run() {
		start();
		BuiltInPart builtInPart = this.builtInPart;
		if (builtInPart == null) {
			if (!this.stopping) {
				this.result = WarmupResult.skipped(Instant.now(),
						"No plain-HTTP connector listens: warm-up over HTTPS is not supported");
				logger.info("Tomcat warm-up skipped: " + this.result.message());
			}
			end();
			return;
		}
		List<WarmupRequest> background = List.of();
		try {
			background = this.backgroundRequests.get();
			WarmupResult ready = warmUp(builtInPart);
			this.result = ready;
			logReady(ready, background.size());
			if (this.failOnError && ready.state() != State.COMPLETED && !this.stopping) {
				throw new IllegalStateException("Tomcat warm-up " + describe(ready.state()) + ": " + ready.message()
						+ " (tomcat-latency.warmup.fail-on-error=true)");
			}
		}
		catch (RuntimeException ex) {
			end();
			throw ex;
		}
		if (background.isEmpty() || this.unreachable || this.stopping) {
			end();
			return;
		}
		// What opened the warm-up's routes before readiness opens nothing after it.
		this.marker.renew();
		startInBackground(builtInPart.server(), background);
	}

	/**
	 * Send nothing more: called as the application closes, before Tomcat stops. A request
	 * on its way then fails because the application is going away, not because of its
	 * route: that is logged at debug level only.
	 */
	public void stop() {
		this.stopping = true;
	}

	private void startInBackground(URI server, List<WarmupRequest> background) {
		WarmupResult ready = this.result;
		Thread thread = new Thread(() -> {
			try {
				WarmupResult all = warmUpInBackground(server, background, ready);
				this.result = all;
				List<RequestResult> afterReadiness = all.requests()
					.subList(ready.requests().size(), all.requests().size());
				logFailures(afterReadiness);
				logger.debug("Tomcat warm-up sent "
						+ afterReadiness.stream().filter((result) -> result.outcome() != Outcome.NOT_SENT).count()
						+ " requests in the background");
			}
			finally {
				end();
			}
		}, "tomcat-latency-warmup-background");
		thread.setDaemon(true);
		thread.start();
	}

	private void end() {
		this.marker.setActive(false);
		this.marker.finish();
	}

	/**
	 * Wait for the starter's own requests, then send the application's routes, one after
	 * another in order, with a time budget of their own: the application's runners may
	 * have taken longer than the warm-up's timeout.
	 * @param builtInPart the starter's own requests, on their way
	 * @return the result of the warm-up before readiness
	 */
	private WarmupResult warmUp(BuiltInPart builtInPart) {
		long readyNanos = System.nanoTime();
		try {
			builtInPart.thread().join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			builtInPart.sending().unreachable = describe(ex);
		}
		// One deadline for all that holds readiness back: from when the application's
		// runners had run, as the built-in part, which started before, ends before it.
		Sending application = new Sending(builtInPart.server(), readyNanos + this.timeout.toNanos(), null);
		if (builtInPart.sending().unreachable == null) {
			application.sendAll(builtInPart.applicationRequests(), 1);
		}
		List<RequestResult> results = new ArrayList<>(builtInPart.sending().results());
		results.addAll(application.results());
		// What it held readiness back by: the application's runners ran beside the
		// built-in requests.
		double readinessHeldMs = WarmupResult.millis(System.nanoTime() - readyNanos);
		return result(builtInPart.server(), builtInPart.startedAt(), readinessHeldMs, results, builtInPart.sending(),
				application);
	}

	/**
	 * Send the requests that follow readiness, on one lane, each in a pause of the
	 * application's traffic: the CPUs stay with the application's first requests.
	 * @param server the URI of the servlet context
	 * @param requests the requests to send
	 * @param ready the result of the warm-up before readiness
	 * @return the result of both parts
	 */
	private WarmupResult warmUpInBackground(URI server, List<WarmupRequest> requests, WarmupResult ready) {
		Sending sending = new Sending(server, System.nanoTime() + this.timeout.toNanos(), this.backgroundPause);
		sending.sendAll(requests, 1);
		List<RequestResult> results = new ArrayList<>(ready.requests());
		results.addAll(sending.results());
		if (sending.noPause && !this.stopping) {
			String noPause = "the application's traffic left no pause of " + BACKGROUND_PAUSE.toSeconds() + " s within "
					+ this.timeout.toMillis() + " ms";
			List<RequestResult> notSent = sending.unsent()
				.stream()
				.map((request) -> new RequestResult(request.origin(), request.method(), request.path(), null, 0,
						"not sent: " + noPause + " (tomcat-latency.warmup.timeout)", Outcome.NOT_SENT))
				.toList();
			logger.info("Tomcat warm-up did not send " + notSent.size() + " of its requests after readiness ("
					+ notSent.stream()
						.map((result) -> result.method() + " " + result.path())
						.distinct()
						.collect(Collectors.joining(", "))
					+ "): " + noPause + "; their routes are warmed by their first real requests");
			results.addAll(notSent);
		}
		return result(server, Objects.requireNonNull(ready.startedAt()), ready.readinessHeldMs(), results, sending);
	}

	private WarmupResult result(URI server, Instant startedAt, double readinessHeldMs, List<RequestResult> results,
			Sending... parts) {
		Instant endedAt = Instant.now();
		for (Sending part : parts) {
			if (part.unreachable != null) {
				this.unreachable = true;
				return WarmupResult.ended(State.FAILED, startedAt, endedAt, readinessHeldMs,
						"Cannot reach " + server + ": " + part.unreachable, results);
			}
		}
		for (Sending part : parts) {
			if (part.timedOut) {
				return WarmupResult.ended(
						State.TIMED_OUT, startedAt, endedAt, readinessHeldMs, "Not every request was sent within "
								+ this.timeout.toMillis() + " ms (tomcat-latency.warmup.timeout)" + failures(results),
						results);
			}
		}
		return ended(startedAt, endedAt, readinessHeldMs, parts[parts.length - 1].deadline, results);
	}

	private void logReady(WarmupResult result, int background) {
		if (this.stopping) {
			logger.debug("Tomcat warm-up stopped: the application is closing");
			return;
		}
		if (result.state() == State.TIMED_OUT || this.unreachable) {
			logger
				.warn("Tomcat warm-up " + describe(result.state()) + ": " + result.message() + "; start-up continues");
		}
		logFailures(result.requests());
		logger.info("Tomcat warm-up sent " + result.requests().size() + " requests in " + result.durationMs()
				+ " ms before accepting traffic"
				+ ((background > 0) ? ", " + background + " more follow in the background" : "") + ": "
				+ result.routeCounts());
	}

	/**
	 * Log one line for each route a request did not warm: a warning for a failure, an
	 * info line for a route that answered without being warmed, and one info line with
	 * the remedy for every route the application's security refused; nothing once the
	 * application is closing.
	 * @param results the requests' results
	 */
	private void logFailures(List<RequestResult> results) {
		if (this.stopping) {
			logger.debug("Tomcat warm-up stopped: the application is closing");
			return;
		}
		Map<String, RequestResult> notWarmed = new LinkedHashMap<>();
		for (RequestResult result : results) {
			if (result.outcome() != Outcome.WARMED) {
				notWarmed.putIfAbsent(result.method() + " " + result.path(), result);
			}
		}
		List<String> refused = new ArrayList<>();
		notWarmed.forEach((route, result) -> {
			String why = (result.error() != null) ? result.error() : "status " + result.status();
			switch (result.outcome()) {
				case FAILED -> logger.warn("Tomcat warm-up " + route + " failed: " + why + "; start-up continues");
				case NOT_WARMED -> logger.info("Tomcat warm-up " + route + ": " + why + ", route not warmed");
				case REFUSED -> refused.add(route + " (" + why + ")");
				default -> {
				}
			}
		});
		if (!refused.isEmpty()) {
			logger.info("Tomcat warm-up was refused by the application's security, so these routes were not warmed: "
					+ String.join(", ", refused) + ". Give such requests the headers they need "
					+ "(tomcat-latency.warmup.requests[].headers), or see the warm-up's security section of the "
					+ "documentation for filter chains the warm-up cannot pass");
		}
	}

	private static String describe(State state) {
		return state.name().toLowerCase(Locale.ROOT).replace('_', ' ');
	}

	private static void log(RequestResult result) {
		if (logger.isDebugEnabled()) {
			String outcome = (result.status() != null) ? "status " + result.status() : result.error();
			logger.debug("Tomcat warm-up " + result.method() + " " + result.path() + ": " + outcome + " in "
					+ Math.round(result.latencyMs()) + " ms"
					+ ((result.origin() == Origin.DISCOVERED) ? " (discovered route)" : ""));
		}
	}

	private static WarmupResult ended(Instant startedAt, Instant endedAt, double readinessHeldMs, long deadline,
			List<RequestResult> results) {
		long failures = results.stream().filter(RequestResult::failed).count();
		long notWarmed = results.stream().filter((result) -> result.outcome() != Outcome.WARMED).count();
		if (notWarmed == 0) {
			return WarmupResult.ended(State.COMPLETED, startedAt, endedAt, readinessHeldMs, null, results);
		}
		if (failures == 0) {
			return WarmupResult.ended(State.INCOMPLETE, startedAt, endedAt, readinessHeldMs,
					notWarmed + " of " + results.size() + " requests did not warm their route" + failures(results),
					results);
		}
		State state = (System.nanoTime() - deadline >= 0) ? State.TIMED_OUT : State.FAILED;
		return WarmupResult.ended(state, startedAt, endedAt, readinessHeldMs,
				failures + " of " + results.size() + " requests failed" + failures(results), results);
	}

	private static String failures(List<RequestResult> results) {
		String failed = results.stream()
			.filter((result) -> result.outcome() != Outcome.WARMED)
			.map((result) -> result.method() + " " + result.path() + ": "
					+ ((result.error() != null) ? result.error() : "status " + result.status()))
			// A repeated request fails the same way each time: name it once.
			.distinct()
			.collect(Collectors.joining("; "));
		return failed.isEmpty() ? "" : " (" + failed + ")";
	}

	private static RequestResult result(WarmupRequest request, long start, @Nullable Integer status,
			@Nullable String error) {
		return new RequestResult(request.origin(), request.method(), request.path(), status,
				WarmupResult.millis(System.nanoTime() - start), error);
	}

	// A built-in request to one of the starter's routes, which answer with the reached
	// header; the not-found route's answer is the application's error page.
	private static boolean forStartersRoute(WarmupRequest request) {
		return request.origin() == Origin.BUILT_IN && request.path().contains(WarmupHandlerMapping.PATH_PREFIX + "/")
				&& !WarmupHandlerMapping.asksForNotFound(request.path());
	}

	private static String describe(Exception ex) {
		return (ex.getMessage() != null) ? ex.getClass().getSimpleName() + ": " + ex.getMessage()
				: ex.getClass().getSimpleName();
	}

	/**
	 * The starter's own requests, sent from when the application has started.
	 *
	 * @param server the URI of the servlet context
	 * @param applicationRequests the requests to send after them, before readiness
	 * @param sending the starter's own on their way
	 * @param startedAt when they started
	 * @param thread the thread that sends them
	 */
	private record BuiltInPart(URI server, List<WarmupRequest> applicationRequests, Sending sending, Instant startedAt,
			Thread thread) {

	}

	/**
	 * The requests of one warm-up on their way: sent on one or more lanes, each lane
	 * taking the next request not yet sent, until every one is sent, the timeout passes
	 * or the server turns out to be unreachable; with a pause to wait for, until no pause
	 * comes before the timeout, which leaves the rest unsent without failing them.
	 */
	private final class Sending {

		/**
		 * The most of a response body the warm-up reads: its handler has run by then.
		 */
		private static final long MAX_BODY = 16 * 1024 * 1024;

		private final URI server;

		private final long deadline;

		private final @Nullable TrafficPause pause;

		private final List<@Nullable RequestResult> results = new ArrayList<>();

		private final List<WarmupRequest> unsent = new ArrayList<>();

		private volatile @Nullable String unreachable;

		private volatile boolean timedOut;

		private volatile boolean noPause;

		private @Nullable HttpClient patchClient;

		Sending(URI server, long deadline, @Nullable TrafficPause pause) {
			this.server = server;
			this.deadline = deadline;
			this.pause = pause;
		}

		void sendAll(List<WarmupRequest> requests, int lanes) {
			List<WarmupRequest> sends = requests.stream()
				.flatMap((request) -> Collections.nCopies(request.repetitions(), request).stream())
				.toList();
			int first = this.results.size();
			this.results.addAll(Collections.nCopies(sends.size(), null));
			AtomicInteger next = new AtomicInteger();
			// A request that failed is not repeated: it would fail again.
			Set<WarmupRequest> failed = ConcurrentHashMap.newKeySet();
			Runnable lane = () -> {
				for (int i = next.getAndIncrement(); i < sends.size() && !stopped(); i = next.getAndIncrement()) {
					WarmupRequest request = sends.get(i);
					RequestResult result = failed.contains(request) ? null : sendOne(request);
					if (result != null) {
						this.results.set(first + i, result);
						if (result.failed()) {
							failed.add(request);
						}
					}
				}
			};
			List<Thread> helpers = new ArrayList<>();
			for (int i = 1; i < Math.min(lanes, sends.size()); i++) {
				Thread helper = new Thread(lane, "tomcat-latency-warmup-" + i);
				helper.setDaemon(true);
				helper.start();
				helpers.add(helper);
			}
			lane.run();
			for (Thread helper : helpers) {
				try {
					helper.join();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					this.unreachable = describe(ex);
				}
			}
			for (int i = 0; i < sends.size(); i++) {
				if (this.results.get(first + i) == null && !failed.contains(sends.get(i))) {
					this.unsent.add(sends.get(i));
				}
			}
		}

		private boolean stopped() {
			return this.unreachable != null || this.timedOut || this.noPause || WarmupRunner.this.stopping
					|| Thread.currentThread().isInterrupted();
		}

		private @Nullable RequestResult sendOne(WarmupRequest request) {
			if (this.pause != null && !this.pause.await(this.deadline, this::stopped)) {
				// Stopped while waiting is not the want of a pause.
				this.noPause = !stopped();
				return null;
			}
			long remaining = this.deadline - System.nanoTime();
			if (remaining <= 0) {
				this.timedOut = true;
				return null;
			}
			Duration timeout = (remaining < WarmupRunner.this.requestTimeout.toNanos()) ? Duration.ofNanos(remaining)
					: WarmupRunner.this.requestTimeout;
			Sent sent = send(request, timeout);
			log(sent.result());
			if (sent.unreachable()) {
				// A connection opened as the deadline passes times out: that is the
				// deadline, not an unreachable server.
				if (this.deadline - System.nanoTime() <= 0) {
					this.timedOut = true;
				}
				else {
					this.unreachable = sent.result().error();
				}
			}
			return sent.result();
		}

		/**
		 * Return the requests left unsent when the sending stopped, other than the
		 * repetitions of a request that failed.
		 * @return the requests not sent
		 */
		List<WarmupRequest> unsent() {
			return this.unsent;
		}

		List<RequestResult> results() {
			// Every lane has been joined: what it wrote is visible here.
			return this.results.stream().filter(Objects::nonNull).map(Objects::requireNonNull).toList();
		}

		private Sent send(WarmupRequest request, Duration timeout) {
			long start = System.nanoTime();
			byte[] body = (request.body() != null) ? request.body().getBytes(StandardCharsets.UTF_8) : null;
			if ("PATCH".equals(request.method())) {
				return sendPatch(request, timeout, body, start);
			}
			HttpURLConnection connection;
			try {
				connection = connect(request, timeout, body);
			}
			catch (ConnectException | SocketTimeoutException ex) {
				return new Sent(result(request, start, null, describe(ex)), true);
			}
			catch (IOException | RuntimeException ex) {
				return new Sent(result(request, start, null, describe(ex)), false);
			}
			try {
				if (body != null) {
					try (OutputStream out = connection.getOutputStream()) {
						out.write(body);
					}
				}
				int status = connection.getResponseCode();
				try (InputStream response = (status < 400) ? connection.getInputStream()
						: connection.getErrorStream()) {
					if (response != null && !readToTheEnd(response, start + timeout.toNanos())) {
						// A body that streams on, or a large one: the handler has run.
						connection.disconnect();
					}
				}
				RequestResult result = result(request, start, status, null);
				if (result.outcome() == Outcome.WARMED && forStartersRoute(request)
						&& connection.getHeaderField(WarmupHandlerMapping.REACHED_HEADER) == null) {
					result = new RequestResult(result.origin(), result.method(), result.path(), status,
							result.latencyMs(),
							"answered by something other than the starter's warm-up route "
									+ "(the DispatcherServlet is not mapped where the warm-up sent it)",
							Outcome.NOT_WARMED);
				}
				return new Sent(result, false);
			}
			catch (SocketTimeoutException ex) {
				connection.disconnect();
				return new Sent(result(request, start, null,
						"Timed out after " + timeout.toMillis() + " ms (tomcat-latency.warmup.request-timeout)"),
						false);
			}
			catch (IOException | RuntimeException ex) {
				connection.disconnect();
				return new Sent(result(request, start, null, describe(ex)), false);
			}
		}

		// A PATCH, which HttpURLConnection refuses, goes through the JDK's HTTP client:
		// built for the first such request only, as it costs more to start than a
		// warm-up request.
		private Sent sendPatch(WarmupRequest request, Duration timeout, byte @Nullable [] body, long start) {
			HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(this.server + request.path()))
				.timeout(timeout)
				.method(request.method(), (body != null) ? BodyPublishers.ofByteArray(body) : BodyPublishers.noBody())
				.header(HttpHeaders.ACCEPT, "*/*")
				.header(WarmupRequestMarker.HEADER, WarmupRunner.this.marker.token());
			try {
				request.headers().forEach(builder::setHeader);
				int status = patchClient(timeout).send(builder.build(), BodyHandlers.discarding()).statusCode();
				return new Sent(result(request, start, status, null), false);
			}
			catch (ConnectException ex) {
				return new Sent(result(request, start, null, describe(ex)), true);
			}
			catch (HttpTimeoutException ex) {
				return new Sent(result(request, start, null,
						"Timed out after " + timeout.toMillis() + " ms (tomcat-latency.warmup.request-timeout)"),
						false);
			}
			catch (IOException | RuntimeException ex) {
				return new Sent(result(request, start, null, describe(ex)), false);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return new Sent(result(request, start, null, describe(ex)), false);
			}
		}

		/**
		 * Read a response to its end, so that the connection can be reused, unless it
		 * takes past the request's deadline (a stream that never ends sends a byte now
		 * and then, which no read timeout catches) or is larger than {@value #MAX_BODY}
		 * bytes.
		 * @param response the response body
		 * @param deadline when the request must have ended, in {@link System#nanoTime()}
		 * @return {@code true} if it was read to its end, {@code false} if it was too
		 * large
		 * @throws SocketTimeoutException past the deadline
		 */
		private boolean readToTheEnd(InputStream response, long deadline) throws IOException {
			byte[] buffer = new byte[8192];
			long read = 0;
			for (int count = response.read(buffer); count != -1; count = response.read(buffer)) {
				read += count;
				if (System.nanoTime() - deadline >= 0) {
					throw new SocketTimeoutException("the response did not end in time");
				}
				if (read > MAX_BODY) {
					return false;
				}
			}
			return true;
		}

		private HttpClient patchClient(Duration timeout) {
			synchronized (this) {
				if (this.patchClient == null) {
					// Never through a proxy, never with credentials: as for every other
					// request.
					this.patchClient = HttpClient.newBuilder()
						.proxy(HttpClient.Builder.NO_PROXY)
						.connectTimeout(timeout)
						.followRedirects(HttpClient.Redirect.NEVER)
						.build();
				}
				return this.patchClient;
			}
		}

		private HttpURLConnection connect(WarmupRequest request, Duration timeout, byte @Nullable [] body)
				throws IOException {
			int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
			// HttpURLConnection: java.net.http's client loads and starts more before its
			// first request than a warm-up request costs.
			HttpURLConnection connection = (HttpURLConnection) URI.create(this.server + request.path())
				.toURL()
				.openConnection(Proxy.NO_PROXY);
			connection.setConnectTimeout(millis);
			connection.setReadTimeout(millis);
			connection.setInstanceFollowRedirects(false);
			connection.setUseCaches(false);
			// Never the application's credentials: such a route answers 401.
			connection.setAuthenticator(NO_CREDENTIALS);
			connection.setRequestMethod(request.method());
			// Without it HttpURLConnection would ask for HTML first.
			connection.setRequestProperty(HttpHeaders.ACCEPT, "*/*");
			connection.setRequestProperty(WarmupRequestMarker.HEADER, WarmupRunner.this.marker.token());
			request.headers().forEach(connection::setRequestProperty);
			if (body != null) {
				connection.setDoOutput(true);
				connection.setFixedLengthStreamingMode(body.length);
			}
			connection.connect();
			return connection;
		}

	}

	/**
	 * A request's result, and whether it showed that the server cannot be reached.
	 */
	private record Sent(RequestResult result, boolean unreachable) {

	}

}
