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
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;

/**
 * Sends the warm-up requests over loopback through Tomcat once the server listens. As an
 * {@link ApplicationRunner} it runs before Spring Boot publishes
 * {@code ReadinessState.ACCEPTING_TRAFFIC}, so the application reports itself ready only
 * after the connector, parser, mapper, filters, {@code DispatcherServlet}, message
 * converters and error handling have run once.
 * <p>
 * Each request is sent once per repetition, never retried. The timeout bounds how long
 * readiness waits, the request timeout how long one request may take; a server that
 * cannot be reached ends the warm-up at once. Whatever fails is logged in one warning and
 * start-up continues, unless asked otherwise.
 */
public final class WarmupRunner implements ApplicationRunner, Ordered {

	private static final Log logger = LogFactory.getLog(WarmupRunner.class);

	private static final Authenticator NO_CREDENTIALS = new Authenticator() {
	};

	private static final int BUILT_IN_LANES = Math.min(2, Runtime.getRuntime().availableProcessors());

	private final Supplier<@Nullable URI> server;

	private final Supplier<List<WarmupRequest>> requests;

	private final WarmupRequestMarker marker;

	private final Duration timeout;

	private final Duration requestTimeout;

	private final boolean failOnError;

	private volatile WarmupResult result = WarmupResult.pending();

	/**
	 * Create a runner.
	 * @param server the URI of the servlet context, {@code null} when no plain-HTTP
	 * connector listens
	 * @param requests the requests to send, asked once the server listens
	 * @param marker marks the requests so that metrics leave them out
	 * @param timeout how long the whole warm-up may take
	 * @param requestTimeout how long one request may take
	 * @param failOnError whether a failed warm-up fails start-up
	 */
	public WarmupRunner(Supplier<@Nullable URI> server, Supplier<List<WarmupRequest>> requests,
			WarmupRequestMarker marker, Duration timeout, Duration requestTimeout, boolean failOnError) {
		this.server = server;
		this.requests = requests;
		this.marker = marker;
		this.timeout = timeout;
		this.requestTimeout = requestTimeout;
		this.failOnError = failOnError;
	}

	/**
	 * Return what the warm-up did, or a {@link State#PENDING} result before it ran.
	 * @return the result
	 */
	public WarmupResult getResult() {
		return this.result;
	}

	@Override
	public int getOrder() {
		// After the application's own runners, which may prepare what the routes need.
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void run(ApplicationArguments args) {
		try {
			warmUpAndLog();
		}
		finally {
			this.marker.finish();
		}
	}

	private void warmUpAndLog() {
		URI server = this.server.get();
		if (server == null) {
			this.result = WarmupResult.skipped(Instant.now(),
					"No plain-HTTP connector listens: warm-up over HTTPS is not supported");
			logger.info("Tomcat warm-up skipped: " + this.result.message());
			return;
		}
		this.result = warmUp(server, this.requests.get());
		if (this.result.state() == State.COMPLETED) {
			logger.info("Tomcat warm-up sent " + this.result.requests().size() + " requests in "
					+ this.result.durationMs() + " ms before accepting traffic");
			return;
		}
		String failure = "Tomcat warm-up " + this.result.state().name().toLowerCase().replace('_', ' ') + ": "
				+ this.result.message();
		if (this.failOnError) {
			throw new IllegalStateException(failure + " (tomcat-latency.warmup.fail-on-error=true)");
		}
		logger.warn(failure + "; start-up continues");
	}

	private WarmupResult warmUp(URI server, List<WarmupRequest> requests) {
		Instant startedAt = Instant.now();
		Sending sending = new Sending(server, System.nanoTime() + this.timeout.toNanos());
		// The built-in requests are the starter's own and independent of each other:
		// sent side by side, they load and run cold code on two CPUs instead of one.
		// The application's routes go one after another, in order.
		int builtIn = (int) requests.stream().takeWhile((request) -> request.origin() == Origin.BUILT_IN).count();
		this.marker.setActive(true);
		try {
			sending.sendAll(requests.subList(0, builtIn), BUILT_IN_LANES);
			sending.sendAll(requests.subList(builtIn, requests.size()), 1);
		}
		finally {
			this.marker.setActive(false);
		}
		List<RequestResult> results = sending.results();
		if (sending.unreachable != null) {
			return WarmupResult.ended(State.FAILED, startedAt, Instant.now(),
					"Cannot reach " + server + ": " + sending.unreachable, results);
		}
		if (sending.timedOut) {
			return WarmupResult.ended(
					State.TIMED_OUT, startedAt, Instant.now(), "Not every request was sent within "
							+ this.timeout.toMillis() + " ms (tomcat-latency.warmup.timeout)" + failures(results),
					results);
		}
		return ended(startedAt, sending.deadline, results);
	}

	private static void log(RequestResult result) {
		String outcome = (result.status() != null) ? "status " + result.status() : result.error();
		String line = "Tomcat warm-up " + result.method() + " " + result.path() + ": " + outcome + " in "
				+ Math.round(result.latencyMs()) + " ms";
		if (result.origin() == Origin.DISCOVERED) {
			// The owners of the application should see which of its routes were called.
			logger.info(line + " (discovered route)");
		}
		else if (logger.isDebugEnabled()) {
			logger.debug(line);
		}
	}

	private static WarmupResult ended(Instant startedAt, long deadline, List<RequestResult> results) {
		long failures = results.stream().filter(RequestResult::failed).count();
		if (failures == 0) {
			return WarmupResult.ended(State.COMPLETED, startedAt, Instant.now(), null, results);
		}
		State state = (System.nanoTime() - deadline >= 0) ? State.TIMED_OUT : State.FAILED;
		return WarmupResult.ended(state, startedAt, Instant.now(),
				failures + " of " + results.size() + " requests failed" + failures(results), results);
	}

	private static String failures(List<RequestResult> results) {
		String failed = results.stream()
			.filter(RequestResult::failed)
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

	private static String describe(Exception ex) {
		return (ex.getMessage() != null) ? ex.getClass().getSimpleName() + ": " + ex.getMessage()
				: ex.getClass().getSimpleName();
	}

	/**
	 * The requests of one warm-up on their way: sent on one or more lanes, each lane
	 * taking the next request not yet sent, until every one is sent, the timeout passes
	 * or the server turns out to be unreachable.
	 */
	private final class Sending {

		private final URI server;

		private final long deadline;

		private final List<@Nullable RequestResult> results = new ArrayList<>();

		private volatile @Nullable String unreachable;

		private volatile boolean timedOut;

		Sending(URI server, long deadline) {
			this.server = server;
			this.deadline = deadline;
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
		}

		private boolean stopped() {
			return this.unreachable != null || this.timedOut || Thread.currentThread().isInterrupted();
		}

		private @Nullable RequestResult sendOne(WarmupRequest request) {
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

		List<RequestResult> results() {
			// Every lane has been joined: what it wrote is visible here.
			return this.results.stream().filter(Objects::nonNull).map(Objects::requireNonNull).toList();
		}

		private Sent send(WarmupRequest request, Duration timeout) {
			long start = System.nanoTime();
			byte[] body = (request.body() != null) ? request.body().getBytes(StandardCharsets.UTF_8) : null;
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
					if (response != null) {
						// Read to the end, so that the connection can be reused.
						response.transferTo(OutputStream.nullOutputStream());
					}
				}
				return new Sent(result(request, start, status, null), false);
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
