package io.github.tomcatlatency.warmup.internal.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.github.tomcatlatency.internal.Failures;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.client.WarmupClient.Sent;
import org.jspecify.annotations.Nullable;

/**
 * Requests of one warm-up on their way, with one deadline: sent on one or more lanes,
 * each lane taking the next request not yet sent, each request once per repetition and
 * never again once it failed, until every one is sent, the deadline passes or the server
 * turns out to be unreachable; with a pause to wait for, until no pause comes before the
 * deadline, which leaves the rest unsent without failing them.
 */
public final class RequestSending {

	private final WarmupClient client;

	private final Duration requestTimeout;

	private final long deadline;

	private final @Nullable TrafficPause pause;

	private final BooleanSupplier cancelled;

	private final Consumer<RequestResult> sent;

	private final List<@Nullable RequestResult> results = new ArrayList<>();

	private final List<WarmupRequest> unsent = new ArrayList<>();

	private volatile @Nullable String unreachable;

	private volatile boolean timedOut;

	private volatile boolean noPause;

	/**
	 * Create a sending.
	 * @param client the client that sends each request
	 * @param requestTimeout how long one request may take
	 * @param deadline the {@link System#nanoTime()} after which no request is sent and
	 * none may end
	 * @param pause the pause in the server's traffic each request waits for, or
	 * {@code null}
	 * @param cancelled whether to send nothing more, asked before each request
	 * @param sent told of each request's result as it comes
	 */
	public RequestSending(WarmupClient client, Duration requestTimeout, long deadline, @Nullable TrafficPause pause,
			BooleanSupplier cancelled, Consumer<RequestResult> sent) {
		this.client = client;
		this.requestTimeout = requestTimeout;
		this.deadline = deadline;
		this.pause = pause;
		this.cancelled = cancelled;
		this.sent = sent;
	}

	/**
	 * Send the requests, each as many times as it asks, on up to the given number of
	 * lanes, and return when they have all been sent or the sending stopped.
	 * @param requests the requests
	 * @param lanes how many requests may be on their way at once
	 */
	public void sendAll(List<WarmupRequest> requests, int lanes) {
		send(requests.stream()
			.flatMap((request) -> Collections.nCopies(request.repetitions(), request).stream())
			.toList(), lanes, ConcurrentHashMap.newKeySet());
	}

	/**
	 * Send the requests in rounds, each round once to every request that asks for that
	 * many repetitions, on up to the given number of lanes, the next round once the last
	 * has ended: side by side, the lanes warm different routes, never the same cold one
	 * at once. Return when they have all been sent or the sending stopped.
	 * @param requests the requests
	 * @param lanes how many requests may be on their way at once
	 */
	public void sendInRounds(List<WarmupRequest> requests, int lanes) {
		Set<WarmupRequest> failed = ConcurrentHashMap.newKeySet();
		int rounds = requests.stream().mapToInt(WarmupRequest::repetitions).max().orElse(0);
		// Once stopped, each round left lists its requests as unsent.
		for (int round = 0; round < rounds; round++) {
			int repetition = round;
			send(requests.stream().filter((request) -> request.repetitions() > repetition).toList(), lanes, failed);
		}
	}

	/**
	 * Send each request of the list once, on up to the given number of lanes, but those
	 * that failed before.
	 * @param sends the requests, one per repetition
	 * @param lanes how many requests may be on their way at once
	 * @param failed the requests that failed, to which those that fail now are added: a
	 * request that failed is not repeated, it would fail again
	 */
	private void send(List<WarmupRequest> sends, int lanes, Set<WarmupRequest> failed) {
		int first;
		synchronized (this.results) {
			first = this.results.size();
			this.results.addAll(Collections.nCopies(sends.size(), null));
		}
		AtomicInteger next = new AtomicInteger();
		Runnable lane = () -> {
			for (int i = next.getAndIncrement(); i < sends.size() && !stopped(); i = next.getAndIncrement()) {
				WarmupRequest request = sends.get(i);
				RequestResult result = failed.contains(request) ? null : sendOne(request);
				if (result != null) {
					synchronized (this.results) {
						this.results.set(first + i, result);
					}
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
				interrupted(ex);
			}
		}
		synchronized (this.results) {
			for (int i = 0; i < sends.size(); i++) {
				if (this.results.get(first + i) == null && !failed.contains(sends.get(i))) {
					this.unsent.add(sends.get(i));
				}
			}
		}
	}

	private boolean stopped() {
		return this.unreachable != null || this.timedOut || this.noPause || this.cancelled.getAsBoolean()
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
		Duration timeout = (remaining < this.requestTimeout.toNanos()) ? Duration.ofNanos(remaining)
				: this.requestTimeout;
		Sent sent = this.client.send(request, timeout);
		this.sent.accept(sent.result());
		if (sent.unreachable()) {
			// A connection opened as the deadline passes, or as the sending is abandoned,
			// times out: that is the deadline, not an unreachable server.
			if (this.deadline - System.nanoTime() <= 0) {
				this.timedOut = true;
			}
			else if (!this.timedOut) {
				this.unreachable = sent.result().error();
			}
		}
		return sent.result();
	}

	/**
	 * Record that the sending was interrupted: it ends as if the server could not be
	 * reached, unless it was abandoned, which interrupts it for want of time.
	 * @param ex why
	 */
	void interrupted(InterruptedException ex) {
		if (!this.timedOut) {
			this.unreachable = Failures.describe(ex);
		}
	}

	/**
	 * Send nothing more, and count the sending as out of time: its deadline has passed
	 * and the warm-up no longer waits for it.
	 */
	public void abandon() {
		this.timedOut = true;
	}

	/**
	 * Return the results of the requests that have ended, in the order they were asked
	 * for: all of them once {@link #sendAll} has returned, those so far before that.
	 * @return the results
	 */
	public List<RequestResult> results() {
		synchronized (this.results) {
			return this.results.stream().filter(Objects::nonNull).map(Objects::requireNonNull).toList();
		}
	}

	/**
	 * Return the requests left unsent when the sending stopped, other than the
	 * repetitions of a request that failed.
	 * @return the requests not sent
	 */
	public List<WarmupRequest> unsent() {
		synchronized (this.results) {
			return List.copyOf(this.unsent);
		}
	}

	/**
	 * Return why the server could not be reached, if it could not.
	 * @return the reason, or {@code null}
	 */
	public @Nullable String unreachable() {
		return this.unreachable;
	}

	public boolean timedOut() {
		return this.timedOut;
	}

	/**
	 * Return whether the sending stopped because no pause came in the server's traffic
	 * before the deadline.
	 * @return whether no pause came
	 */
	public boolean noPause() {
		return this.noPause;
	}

	public long deadline() {
		return this.deadline;
	}

}
