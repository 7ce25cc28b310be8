package io.github.tomcatlatency.warmup.internal.client;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Waits for a pause in the server's traffic: for its {@link ConnectorActivity activity}
 * to stand still for a while. A request the warm-up sends after readiness waits for one,
 * so that the application's real first requests, which follow readiness, do not share the
 * CPUs with it: an API description generated beside a first request slows that request
 * down.
 */
public final class TrafficPause {

	private static final long POLL_MILLIS = 50;

	private final LongSupplier activity;

	private final Duration quiet;

	private final Clock clock;

	/**
	 * Create a wait for pauses of the given length.
	 * @param activity the server's activity, {@link ConnectorActivity#UNKNOWN} when it
	 * cannot be read
	 * @param quiet how long the activity must stand still
	 */
	public TrafficPause(LongSupplier activity, Duration quiet) {
		this(activity, quiet, Clock.SYSTEM);
	}

	TrafficPause(LongSupplier activity, Duration quiet, Clock clock) {
		this.activity = activity;
		this.quiet = quiet;
		this.clock = clock;
	}

	/**
	 * Wait until the server's activity has stood still for the pause's length, or not at
	 * all when it cannot be read.
	 * @param deadline the {@link Clock#nanoTime()} after which to wait no longer
	 * @param stopped whether to wait no longer
	 * @return whether the pause came before the deadline
	 */
	boolean await(long deadline, BooleanSupplier stopped) {
		long quietNanos = this.quiet.toNanos();
		long seen = this.activity.getAsLong();
		long quietSince = this.clock.nanoTime();
		while (seen != ConnectorActivity.UNKNOWN && this.clock.nanoTime() - quietSince < quietNanos) {
			if (stopped.getAsBoolean() || this.clock.nanoTime() - deadline >= 0) {
				return false;
			}
			try {
				this.clock.sleep(POLL_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
			long now = this.activity.getAsLong();
			if (now != seen) {
				seen = now;
				quietSince = this.clock.nanoTime();
			}
		}
		return true;
	}

	/**
	 * Return the pause's length as a message names it, "2 s" or "300 ms".
	 * @return the length
	 */
	@Override
	public String toString() {
		long millis = this.quiet.toMillis();
		return (millis % 1000 == 0) ? (millis / 1000) + " s" : millis + " ms";
	}

	/**
	 * The time the wait reads and sleeps on.
	 */
	interface Clock {

		/**
		 * The system's: {@link System#nanoTime()} and {@link Thread#sleep(long)}.
		 */
		Clock SYSTEM = new Clock() {

			@Override
			public long nanoTime() {
				return System.nanoTime();
			}

			@Override
			public void sleep(long millis) throws InterruptedException {
				Thread.sleep(millis);
			}

		};

		long nanoTime();

		void sleep(long millis) throws InterruptedException;

	}

}
