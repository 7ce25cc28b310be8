package io.github.tomcatlatency.warmup;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Waits for a pause in the server's traffic: for its {@link ConnectorActivity activity}
 * to stand still for a while. A request the warm-up sends after readiness waits for one,
 * so that the application's real first requests, which follow readiness, do not share the
 * CPUs with it: on two CPUs an API description generated beside a first request made that
 * request 200 ms slower.
 */
final class TrafficPause {

	private static final long POLL_MILLIS = 50;

	private final LongSupplier activity;

	private final long quietNanos;

	/**
	 * Create a wait for pauses of the given length.
	 * @param activity the server's activity, {@link ConnectorActivity#UNKNOWN} when it
	 * cannot be read
	 * @param quiet how long the activity must stand still
	 */
	TrafficPause(LongSupplier activity, Duration quiet) {
		this.activity = activity;
		this.quietNanos = quiet.toNanos();
	}

	/**
	 * Wait until the server's activity has stood still for the pause's length, or not at
	 * all when it cannot be read.
	 * @param deadline the {@link System#nanoTime()} after which to wait no longer
	 * @param stopped whether to wait no longer
	 * @return whether the pause came before the deadline
	 */
	boolean await(long deadline, BooleanSupplier stopped) {
		long seen = this.activity.getAsLong();
		long quietSince = System.nanoTime();
		while (seen != ConnectorActivity.UNKNOWN && System.nanoTime() - quietSince < this.quietNanos) {
			if (stopped.getAsBoolean() || System.nanoTime() - deadline >= 0) {
				return false;
			}
			try {
				Thread.sleep(POLL_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
			long now = this.activity.getAsLong();
			if (now != seen) {
				seen = now;
				quietSince = System.nanoTime();
			}
		}
		return true;
	}

}
