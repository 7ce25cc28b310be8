package io.github.tomcatlatency.warmup;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
		long deadline = System.nanoTime() + this.timeout.toNanos();
		HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.followRedirects(HttpClient.Redirect.NEVER)
			.connectTimeout(this.requestTimeout)
			.build();
		List<RequestResult> results = new ArrayList<>();
		this.marker.setActive(true);
		try {
			for (WarmupRequest request : requests) {
				for (int i = 0; i < request.repetitions() && !Thread.currentThread().isInterrupted(); i++) {
					long remaining = deadline - System.nanoTime();
					if (remaining <= 0) {
						return WarmupResult.ended(State.TIMED_OUT, startedAt, Instant.now(),
								"Not every request was sent within " + this.timeout.toMillis()
										+ " ms (tomcat-latency.warmup.timeout)" + failures(results),
								results);
					}
					Duration timeout = (remaining < this.requestTimeout.toNanos()) ? Duration.ofNanos(remaining)
							: this.requestTimeout;
					Sent sent = send(client, server, request, timeout);
					results.add(sent.result());
					log(sent.result());
					if (sent.unreachable()) {
						return WarmupResult.ended(State.FAILED, startedAt, Instant.now(),
								"Cannot reach " + server + ": " + sent.result().error(), results);
					}
				}
			}
		}
		finally {
			this.marker.setActive(false);
		}
		return ended(startedAt, deadline, results);
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

	private Sent send(HttpClient client, URI server, WarmupRequest request, Duration timeout) {
		long start = System.nanoTime();
		try {
			HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(server + request.path()))
				.timeout(timeout)
				.method(request.method(),
						(request.body() != null) ? BodyPublishers.ofString(request.body()) : BodyPublishers.noBody())
				.header(WarmupRequestMarker.HEADER, this.marker.token());
			request.headers().forEach(builder::header);
			int status = client.send(builder.build(), BodyHandlers.discarding()).statusCode();
			return new Sent(result(request, start, status, null), false);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new Sent(result(request, start, null, describe(ex)), true);
		}
		catch (HttpConnectTimeoutException | ConnectException ex) {
			return new Sent(result(request, start, null, describe(ex)), true);
		}
		catch (HttpTimeoutException ex) {
			return new Sent(
					result(request, start, null,
							"Timed out after " + timeout.toMillis() + " ms (tomcat-latency.warmup.request-timeout)"),
					false);
		}
		catch (IOException | RuntimeException ex) {
			return new Sent(result(request, start, null, describe(ex)), false);
		}
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
	 * A request's result, and whether it showed that the server cannot be reached.
	 */
	private record Sent(RequestResult result, boolean unreachable) {

	}

}
