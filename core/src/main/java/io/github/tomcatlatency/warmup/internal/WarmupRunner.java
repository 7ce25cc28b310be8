package io.github.tomcatlatency.warmup.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.github.tomcatlatency.internal.Failures;
import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.client.ConnectorActivity;
import io.github.tomcatlatency.warmup.internal.client.LoopbackServer;
import io.github.tomcatlatency.warmup.internal.client.RequestSending;
import io.github.tomcatlatency.warmup.internal.client.TrafficPause;
import io.github.tomcatlatency.warmup.internal.client.WarmupClient;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
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
 * readiness waits, whatever a request or a thread does: past it the warm-up is abandoned
 * (its connections closed, its thread interrupted). The request timeout bounds how long
 * one request may take; a server that cannot be reached ends the warm-up at once.
 * Whatever fails is logged, one line a route, and start-up continues, unless asked
 * otherwise.
 */
public final class WarmupRunner {

	private static final int BUILT_IN_LANES = Math.min(2, Runtime.getRuntime().availableProcessors());

	private static final int REPLAY_LANES = Runtime.getRuntime().availableProcessors();

	// How long readiness waits past the timeout for the warm-up to end by itself before
	// abandoning it: its requests end at the deadline, their threads a little after.
	private static final Duration ABANDON_AFTER = Duration.ofMillis(500);

	private final Supplier<@Nullable LoopbackServer> server;

	private final TrafficPause backgroundPause;

	private final Supplier<List<WarmupRequest>> requests;

	private final Supplier<List<WarmupRequest>> backgroundRequests;

	private final Supplier<List<String>> leftOut;

	private final WarmupRequestMarker marker;

	private final Duration timeout;

	private final Duration requestTimeout;

	private final boolean failOnError;

	private volatile WarmupResult result = WarmupResults.pending();

	private volatile boolean unreachable;

	private final WarmupTaskResults taskResults;

	private volatile boolean stopping;

	private volatile boolean failed;

	private final AtomicBoolean ended = new AtomicBoolean();

	private @Nullable Warming warming;

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
	 * @param leftOut the routes left out of the requests, each as
	 * {@code "GET /path: why"}, asked once they have been sent before readiness
	 * @param marker marks the requests so that metrics leave them out
	 * @param taskResults what the warm-up tasks did, which the result lists
	 * @param timeout how long each part of the warm-up may take
	 * @param requestTimeout how long one request may take
	 * @param failOnError whether a warm-up that did not warm every route fails start-up
	 */
	public WarmupRunner(Supplier<@Nullable LoopbackServer> server, LongSupplier serverActivity, Duration trafficPause,
			Supplier<List<WarmupRequest>> requests, Supplier<List<WarmupRequest>> backgroundRequests,
			Supplier<List<String>> leftOut, WarmupRequestMarker marker, WarmupTaskResults taskResults, Duration timeout,
			Duration requestTimeout, boolean failOnError) {
		this.server = server;
		this.taskResults = taskResults;
		this.backgroundPause = new TrafficPause(serverActivity, trafficPause);
		this.requests = requests;
		this.backgroundRequests = backgroundRequests;
		this.leftOut = leftOut;
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
	 * Start the warm-up on a thread of its own: called once the application has started,
	 * so that the starter's own requests run beside the application's runners, whose work
	 * they do not need. Does nothing when it has been started.
	 */
	public synchronized void start() {
		if (this.warming != null || this.stopping) {
			return;
		}
		LoopbackServer server = this.server.get();
		if (server == null) {
			return;
		}
		this.marker.setActive(true);
		Warming warming = new Warming(new WarmupClient(server, this.marker::token), System.nanoTime(), Instant.now(),
				server);
		this.warming = warming;
		warming.thread.start();
	}

	/**
	 * Let the warm-up send the application's routes and wait for it to end, until the
	 * timeout at most, then start the requests sent after readiness: called once the
	 * application's runners have run.
	 * @throws IllegalStateException if the warm-up did not warm every route and
	 * {@code failOnError} is set
	 * @throws RuntimeException what the warm-up threw that it did not expect
	 * @throws LinkageError a library version the warm-up does not know
	 */
	public void run() {
		start();
		if (this.failed) {
			// Ended when it failed: its result says so.
			return;
		}
		Warming warming = this.warming;
		if (warming == null) {
			if (!this.stopping) {
				this.result = WarmupResults.skipped(Instant.now(),
						"No connector listens that the warm-up can reach: plain HTTP, or TLS with its certificate "
								+ "in a key store (server.ssl.bundle, or server.ssl.key-store)");
				WarmupLog.skipped(this.result);
			}
			end();
			return;
		}
		boolean inBackground = false;
		try {
			WarmupResult ready = warmUp(warming);
			this.result = ready;
			if (this.stopping) {
				WarmupLog.closing();
			}
			else {
				// Counted as sent, each repetition once, as the requests before readiness
				// are.
				WarmupLog.ready(ready, warming.background.stream().mapToInt(WarmupRequest::repetitions).sum(),
						this.unreachable, this.leftOut.get());
			}
			if (this.failOnError && ready.state() != State.COMPLETED && !this.stopping) {
				throw new IllegalStateException("Tomcat warm-up " + WarmupLog.describe(ready.state()) + ": "
						+ ready.message() + " (tomcat-latency.warmup.fail-on-error=true)");
			}
			inBackground = !warming.background.isEmpty() && !this.unreachable && !this.stopping && !warming.abandoned;
		}
		finally {
			if (!inBackground) {
				end();
			}
		}
		if (!inBackground) {
			return;
		}
		// What opened the warm-up's routes before readiness opens nothing after it.
		this.marker.renew();
		startInBackground(warming.client, warming.background);
	}

	/**
	 * Record that the warm-up failed in a way it did not expect, log it once and end it:
	 * the application goes on without it.
	 * @param failure what the warm-up threw
	 */
	public void failed(Throwable failure) {
		this.failed = true;
		this.stopping = true;
		Warming warming = this.warming;
		if (warming != null) {
			warming.abandon();
		}
		this.result = WarmupResults.failed(Instant.now(), Failures.describe(failure));
		WarmupLog.unexpected(failure);
		end();
	}

	/**
	 * Send nothing more: called as the application closes, before Tomcat stops. A request
	 * on its way then fails because the application is going away, not because of its
	 * route: that is logged at debug level only.
	 */
	public void stop() {
		this.stopping = true;
		Warming warming = this.warming;
		if (warming != null) {
			// A warm-up still waiting for readiness never gets it.
			warming.ready.countDown();
		}
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
			catch (RuntimeException | LinkageError ex) {
				failed(ex);
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
		if (this.ended.compareAndSet(false, true)) {
			try {
				this.marker.finish();
			}
			catch (RuntimeException | LinkageError ex) {
				// What waits for the end (the warm-up's meters' removal) is the
				// starter's own: the application never depends on it.
				WarmupLog.unexpected(ex);
			}
		}
	}

	/**
	 * Let the warm-up send the application's routes and wait for it, from when the
	 * application's runners had run until the timeout at most, with a moment for its
	 * requests to end at their deadline, then abandon it.
	 * @param warming the warm-up, on its way
	 * @return the result of the warm-up before readiness
	 */
	private WarmupResult warmUp(Warming warming) {
		long readyNanos = System.nanoTime();
		warming.readyNanos = readyNanos;
		warming.ready.countDown();
		long abandonAt = readyNanos + this.timeout.toNanos() + ABANDON_AFTER.toNanos();
		try {
			warming.thread.join(Math.max(1, (abandonAt - System.nanoTime()) / 1_000_000));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (warming.thread.isAlive()) {
			warming.abandon();
		}
		else if (warming.failure != null) {
			rethrow(warming.failure);
		}
		List<RequestResult> results = new ArrayList<>(warming.builtIn.results());
		RequestSending application = warming.application;
		if (application != null) {
			results.addAll(application.results());
		}
		// What it held readiness back by: the application's runners ran beside the
		// built-in requests.
		double readinessHeldMs = Milliseconds.of(System.nanoTime() - readyNanos);
		double replayMs = warming.replayMs();
		return (application != null)
				? verdict(warming.client, warming.startedAt, readinessHeldMs, replayMs, results, warming.builtIn,
						application)
				: verdict(warming.client, warming.startedAt, readinessHeldMs, replayMs, results, warming.builtIn);
	}

	private static void rethrow(Throwable failure) {
		if (failure instanceof RuntimeException runtime) {
			throw runtime;
		}
		throw (Error) failure;
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
		return verdict(client, Objects.requireNonNull(ready.startedAt()), ready.readinessHeldMs(), ready.replayMs(),
				results, sending);
	}

	private WarmupResult verdict(WarmupClient client, Instant startedAt, double readinessHeldMs, double replayMs,
			List<RequestResult> results, RequestSending... sendings) {
		for (RequestSending sending : sendings) {
			if (sending.unreachable() != null) {
				this.unreachable = true;
			}
		}
		return WarmupResults.with(
				WarmupVerdict.of(client.server(), startedAt, readinessHeldMs, this.timeout, results, sendings),
				replayMs, this.taskResults.results());
	}

	/**
	 * One warm-up on its way, on a thread of its own: it asks for its requests, sends the
	 * starter's own, asks for those that follow readiness, then waits for the
	 * application's runners to have run before it sends the application's routes.
	 */
	private final class Warming implements Runnable {

		private final WarmupClient client;

		private final Instant startedAt;

		private final RequestSending builtIn;

		private final int lanes;

		private final int replayLanes;

		private volatile long replayStartNanos;

		private volatile long replayEndNanos;

		private final Thread thread;

		private final CountDownLatch ready = new CountDownLatch(1);

		private volatile long readyNanos;

		private volatile @Nullable RequestSending application;

		private volatile List<WarmupRequest> background = List.of();

		private volatile @Nullable Throwable failure;

		private volatile boolean abandoned;

		// After readiness, a warm-up request on the server's only thread would hold up
		// the real request that arrives while it runs: none is sent then.
		private final boolean oneWorker;

		Warming(WarmupClient client, long startNanos, Instant startedAt, LoopbackServer server) {
			this.client = client;
			this.startedAt = startedAt;
			this.builtIn = sending(client, startNanos + WarmupRunner.this.timeout.toNanos(), null);
			// On virtual threads, one at a time: two cold requests side by side can each
			// block on a class load, pinned to a carrier thread, waiting for a lock of
			// the nested-jar loader that a third holds while it waits for a carrier
			// (spring-boot#51463). On two CPUs that hung start-up.
			this.lanes = server.virtualThreads() ? 1 : BUILT_IN_LANES;
			this.oneWorker = server.oneWorker();
			// Before readiness the CPUs are the warm-up's: the recorded routes, read-only
			// and independent of each other, go out on as many lanes as the JVM has
			// CPUs, which a second Tomcat thread needs to be of use.
			this.replayLanes = (server.virtualThreads() || this.oneWorker) ? 1 : REPLAY_LANES;
			this.thread = new Thread(this, "tomcat-latency-warmup");
			this.thread.setDaemon(true);
		}

		@Override
		public void run() {
			try {
				List<WarmupRequest> requests = WarmupRunner.this.requests.get();
				// The built-in requests are the starter's own and independent of each
				// other: sent side by side, they load and run cold code on two CPUs
				// instead of one.
				int builtIn = (int) requests.stream()
					.takeWhile((request) -> request.origin() == Origin.BUILT_IN)
					.count();
				this.builtIn.sendAll(requests.subList(0, builtIn), this.lanes);
				if (this.abandoned) {
					return;
				}
				if (this.oneWorker) {
					WarmupLog.noBackgroundOnOneWorker();
				}
				else {
					this.background = WarmupRunner.this.backgroundRequests.get();
				}
				this.ready.await();
				if (this.abandoned || WarmupRunner.this.stopping || this.builtIn.unreachable() != null) {
					return;
				}
				// One deadline for all that holds readiness back: from when the
				// application's runners had run, as the built-in part, which started
				// before, ends before it.
				RequestSending application = sending(this.client, this.readyNanos + WarmupRunner.this.timeout.toNanos(),
						null);
				this.application = application;
				// Configured and discovered routes in the order given; the replayed ones,
				// last, side by side in rounds.
				int inOrder = (int) requests.stream()
					.takeWhile((request) -> request.origin() != Origin.REPLAYED)
					.count();
				application.sendAll(requests.subList(builtIn, inOrder), 1);
				List<WarmupRequest> replayed = requests.subList(inOrder, requests.size());
				if (!replayed.isEmpty()) {
					this.replayStartNanos = System.nanoTime();
					application.sendInRounds(replayed, this.replayLanes);
					this.replayEndNanos = System.nanoTime();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			catch (RuntimeException | LinkageError ex) {
				this.failure = ex;
			}
		}

		/**
		 * Return how long the replayed routes took to send, until now if they are still
		 * on their way.
		 * @return the time in milliseconds, {@code 0} when none were sent
		 */
		double replayMs() {
			long start = this.replayStartNanos;
			if (start == 0) {
				return 0;
			}
			long end = this.replayEndNanos;
			return Milliseconds.of(((end != 0) ? end : System.nanoTime()) - start);
		}

		/**
		 * Stop waiting for the warm-up: nothing more is sent, the requests on their way
		 * are closed and the thread is interrupted.
		 */
		void abandon() {
			this.abandoned = true;
			this.builtIn.abandon();
			RequestSending application = this.application;
			if (application != null) {
				application.abandon();
			}
			this.client.abandon();
			this.thread.interrupt();
		}

	}

}
