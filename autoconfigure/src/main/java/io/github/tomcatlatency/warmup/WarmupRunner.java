package io.github.tomcatlatency.warmup;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

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
 * converters and error handling have run once. The timeout bounds how long readiness
 * waits; failures log a warning and start-up continues unless asked otherwise.
 */
public final class WarmupRunner implements ApplicationRunner, Ordered {

	private static final Log logger = LogFactory.getLog(WarmupRunner.class);

	private final Supplier<@Nullable URI> server;

	private final Supplier<List<WarmupRequest>> requests;

	private final WarmupRequestMarker marker;

	private final Duration timeout;

	private final boolean failOnError;

	private volatile WarmupResult result = WarmupResult.pending();

	/**
	 * Create a runner.
	 * @param server the URI of the servlet context, {@code null} when no plain-HTTP
	 * connector listens
	 * @param requests the requests to send, asked once the server listens
	 * @param marker marks the requests so that metrics leave them out
	 * @param timeout how long the whole warm-up may take
	 * @param failOnError whether a failed warm-up fails start-up
	 */
	public WarmupRunner(Supplier<@Nullable URI> server, Supplier<List<WarmupRequest>> requests,
			WarmupRequestMarker marker, Duration timeout, boolean failOnError) {
		this.server = server;
		this.requests = requests;
		this.marker = marker;
		this.timeout = timeout;
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
			.connectTimeout(this.timeout)
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
										+ " ms (tomcat-latency.warmup.timeout)",
								results);
					}
					RequestResult result = send(client, server, request, Duration.ofNanos(remaining));
					results.add(result);
					if (result.failed()) {
						logger.warn("Tomcat warm-up request " + request.method() + " " + request.path() + " failed: "
								+ ((result.error() != null) ? result.error() : "status " + result.status()));
					}
				}
			}
		}
		finally {
			this.marker.setActive(false);
		}
		return ended(startedAt, deadline, results);
	}

	private WarmupResult ended(Instant startedAt, long deadline, List<RequestResult> results) {
		long failures = results.stream().filter(RequestResult::failed).count();
		if (failures == 0) {
			return WarmupResult.ended(State.COMPLETED, startedAt, Instant.now(), null, results);
		}
		State state = (System.nanoTime() - deadline >= 0) ? State.TIMED_OUT : State.FAILED;
		return WarmupResult.ended(state, startedAt, Instant.now(),
				failures + " of " + results.size() + " requests failed", results);
	}

	private RequestResult send(HttpClient client, URI server, WarmupRequest request, Duration timeout) {
		long start = System.nanoTime();
		try {
			HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(server + request.path()))
				.timeout(timeout)
				.method(request.method(),
						(request.body() != null) ? BodyPublishers.ofString(request.body()) : BodyPublishers.noBody())
				.header(WarmupRequestMarker.HEADER, this.marker.token());
			request.headers().forEach(builder::header);
			int status = client.send(builder.build(), BodyHandlers.discarding()).statusCode();
			return new RequestResult(request.method(), request.path(), status, millisSince(start), null);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return failure(request, start, ex);
		}
		catch (HttpTimeoutException ex) {
			return new RequestResult(request.method(), request.path(), null, millisSince(start),
					"Timed out after " + timeout.toMillis() + " ms");
		}
		catch (IOException | RuntimeException ex) {
			return failure(request, start, ex);
		}
	}

	private static RequestResult failure(WarmupRequest request, long start, Exception ex) {
		String error = (ex.getMessage() != null) ? ex.getClass().getSimpleName() + ": " + ex.getMessage()
				: ex.getClass().getSimpleName();
		return new RequestResult(request.method(), request.path(), null, millisSince(start), error);
	}

	private static double millisSince(long start) {
		return WarmupResult.millis(System.nanoTime() - start);
	}

}
