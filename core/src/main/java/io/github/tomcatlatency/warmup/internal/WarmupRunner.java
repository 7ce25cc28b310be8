package io.github.tomcatlatency.warmup.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import org.jspecify.annotations.Nullable;

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

	private static final int BUILT_IN_LANES = Math.min(2, Runtime.getRuntime().availableProcessors());

	private final Supplier<@Nullable LoopbackServer> server;

	private final TrafficPause backgroundPause;

	private final Supplier<List<WarmupRequest>> requests;

	private final Supplier<List<WarmupRequest>> backgroundRequests;

	private final WarmupRequestMarker marker;

	private final Duration timeout;

	private final Duration requestTimeout;

	private final boolean failOnError;

	private volatile WarmupResult result = WarmupResults.pending();

	private volatile boolean unreachable;

	private final WarmupTaskResults taskResults;

	private volatile boolean stopping;

	private @Nullable BuiltInPart builtInPart;

	/**
	 * Create a runner.
	 * @param server where the servlet context is, {@code null} when no connector listens
	 * that the warm-up can reach
	 * @param serverActivity the server's {@link ConnectorActivity}, which the requests
	 * sent after readiness wait to stand still
	 * @param trafficPause how long it must stand still before each of them
	 * @param requests the requests to send before readiness, asked once the server
	 * listens
	 * @param backgroundRequests the requests to send after them, without holding
	 * readiness back
	 * @param marker marks the requests so that metrics leave them out
	 * @param taskResults what the warm-up tasks did, which the result lists
	 * @param timeout how long each part of the warm-up may take
	 * @param requestTimeout how long one request may take
	 * @param failOnError whether a warm-up that did not warm every route fails start-up
	 */
	public WarmupRunner(Supplier<@Nullable LoopbackServer> server, LongSupplier serverActivity, Duration trafficPause,
			Supplier<List<WarmupRequest>> requests, Supplier<List<WarmupRequest>> backgroundRequests,
			WarmupRequestMarker marker, WarmupTaskResults taskResults, Duration timeout, Duration requestTimeout,
			boolean failOnError) {
		this.server = server;
		this.taskResults = taskResults;
		this.backgroundPause = new TrafficPause(serverActivity, trafficPause);
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
		LoopbackServer server = this.server.get();
		if (server == null) {
			return;
		}
		this.marker.setActive(true);
		List<WarmupRequest> requests = this.requests.get();
		// The built-in requests are the starter's own and independent of each other:
		// sent side by side, they load and run cold code on two CPUs instead of one.
		int builtIn = (int) requests.stream().takeWhile((request) -> request.origin() == Origin.BUILT_IN).count();
		WarmupClient client = new WarmupClient(server, this.marker::token);
		RequestSending sending = sending(client, System.nanoTime() + this.timeout.toNanos(), null);
		List<WarmupRequest> own = requests.subList(0, builtIn);
		// On virtual threads, one at a time: two cold requests side by side can each
		// block on a class load, pinned to a carrier thread, waiting for a lock of the
		// nested-jar loader that a third holds while it waits for a carrier
		// (spring-boot#51463). On two CPUs that hung start-up.
		int lanes = server.virtualThreads() ? 1 : BUILT_IN_LANES;
		Thread thread = new Thread(() -> sending.sendAll(own, lanes), "tomcat-latency-warmup");
		thread.setDaemon(true);
		this.builtInPart = new BuiltInPart(client, requests.subList(builtIn, requests.size()), sending, Instant.now(),
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
				this.result = WarmupResults.skipped(Instant.now(),
						"No connector listens that the warm-up can reach: plain HTTP, or TLS with its certificate "
								+ "in a key store (server.ssl.bundle, or server.ssl.key-store)");
				WarmupLog.skipped(this.result);
			}
			end();
			return;
		}
		List<WarmupRequest> background = List.of();
		try {
			background = this.backgroundRequests.get();
			WarmupResult ready = warmUp(builtInPart);
			this.result = ready;
			if (this.stopping) {
				WarmupLog.closing();
			}
			else {
				// Counted as sent, each repetition once, as the requests before readiness
				// are.
				WarmupLog.ready(ready, background.stream().mapToInt(WarmupRequest::repetitions).sum(),
						this.unreachable);
			}
			if (this.failOnError && ready.state() != State.COMPLETED && !this.stopping) {
				throw new IllegalStateException("Tomcat warm-up " + WarmupLog.describe(ready.state()) + ": "
						+ ready.message() + " (tomcat-latency.warmup.fail-on-error=true)");
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
		startInBackground(builtInPart.client(), background);
	}

	/**
	 * Send nothing more: called as the application closes, before Tomcat stops. A request
	 * on its way then fails because the application is going away, not because of its
	 * route: that is logged at debug level only.
	 */
	public void stop() {
		this.stopping = true;
	}

	private RequestSending sending(WarmupClient client, long deadline, @Nullable TrafficPause pause) {
		return new RequestSending(client, this.requestTimeout, deadline, pause, () -> this.stopping, WarmupLog::sent);
	}

	private void startInBackground(WarmupClient client, List<WarmupRequest> background) {
		WarmupResult ready = this.result;
		Thread thread = new Thread(() -> {
			try {
				WarmupResult all = warmUpInBackground(client, background, ready);
				this.result = all;
				if (this.stopping) {
					WarmupLog.closing();
				}
				else {
					WarmupLog.background(all.requests().subList(ready.requests().size(), all.requests().size()));
				}
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
			builtInPart.sending().interrupted(ex);
		}
		// One deadline for all that holds readiness back: from when the application's
		// runners had run, as the built-in part, which started before, ends before it.
		RequestSending application = sending(builtInPart.client(), readyNanos + this.timeout.toNanos(), null);
		if (builtInPart.sending().unreachable() == null) {
			application.sendAll(builtInPart.applicationRequests(), 1);
		}
		List<RequestResult> results = new ArrayList<>(builtInPart.sending().results());
		results.addAll(application.results());
		// What it held readiness back by: the application's runners ran beside the
		// built-in requests.
		double readinessHeldMs = WarmupResults.millis(System.nanoTime() - readyNanos);
		return verdict(builtInPart.client(), builtInPart.startedAt(), readinessHeldMs, results, builtInPart.sending(),
				application);
	}

	/**
	 * Send the requests that follow readiness, on one lane, each in a pause of the
	 * application's traffic: the CPUs stay with the application's first requests.
	 * @param client the client that sends them
	 * @param requests the requests to send
	 * @param ready the result of the warm-up before readiness
	 * @return the result of both parts
	 */
	private WarmupResult warmUpInBackground(WarmupClient client, List<WarmupRequest> requests, WarmupResult ready) {
		RequestSending sending = sending(client, System.nanoTime() + this.timeout.toNanos(), this.backgroundPause);
		sending.sendAll(requests, 1);
		List<RequestResult> results = new ArrayList<>(ready.requests());
		results.addAll(sending.results());
		if (sending.noPause() && !this.stopping) {
			String noPause = "the application's traffic left no pause of " + this.backgroundPause + " within "
					+ this.timeout.toMillis() + " ms";
			List<RequestResult> notSent = WarmupVerdict.notSent(sending.unsent(),
					noPause + " (tomcat-latency.warmup.timeout)");
			WarmupLog.notSent(notSent, noPause);
			results.addAll(notSent);
		}
		return verdict(client, Objects.requireNonNull(ready.startedAt()), ready.readinessHeldMs(), results, sending);
	}

	private WarmupResult verdict(WarmupClient client, Instant startedAt, double readinessHeldMs,
			List<RequestResult> results, RequestSending... sendings) {
		for (RequestSending sending : sendings) {
			if (sending.unreachable() != null) {
				this.unreachable = true;
			}
		}
		return WarmupResults.withTasks(
				WarmupVerdict.of(client.server(), startedAt, readinessHeldMs, this.timeout, results, sendings),
				this.taskResults.results());
	}

	/**
	 * The starter's own requests, sent from when the application has started.
	 *
	 * @param client the client that sends every request of the warm-up
	 * @param applicationRequests the requests to send after them, before readiness
	 * @param sending the starter's own on their way
	 * @param startedAt when they started
	 * @param thread the thread that sends them
	 */
	private record BuiltInPart(WarmupClient client, List<WarmupRequest> applicationRequests, RequestSending sending,
			Instant startedAt, Thread thread) {

	}

}
