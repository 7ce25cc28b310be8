package io.github.tomcatlatency.warmup;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What a warm-up did: an immutable snapshot, ready to be serialised by Jackson.
 *
 * @param state how the warm-up ended, or that it has not ended yet
 * @param startedAt when it started, {@code null} before
 * @param endedAt when it ended, {@code null} before
 * @param durationMs how long it took, {@code 0} before it ended
 * @param message why it was skipped or what failed, {@code null} if nothing did
 * @param requests each request sent, in order
 */
public record WarmupResult(State state, @Nullable Instant startedAt, @Nullable Instant endedAt, double durationMs,
		@Nullable String message, List<RequestResult> requests) {

	public WarmupResult {
		requests = List.copyOf(requests);
	}

	static WarmupResult pending() {
		return new WarmupResult(State.PENDING, null, null, 0, null, List.of());
	}

	static WarmupResult skipped(Instant now, String reason) {
		return new WarmupResult(State.SKIPPED, now, now, 0, reason, List.of());
	}

	static WarmupResult ended(State state, Instant startedAt, Instant endedAt, @Nullable String message,
			List<RequestResult> requests) {
		return new WarmupResult(state, startedAt, endedAt, millis(Duration.between(startedAt, endedAt).toNanos()),
				message, requests);
	}

	/**
	 * Return a duration in milliseconds, rounded to the microsecond: the unit of every
	 * duration the report shows.
	 * @param nanos the duration in nanoseconds
	 * @return the duration in milliseconds
	 */
	static double millis(long nanos) {
		return Math.round(nanos / 1_000.0) / 1_000.0;
	}

	/**
	 * How a warm-up ended.
	 */
	public enum State {

		/**
		 * The application has not run the warm-up yet.
		 */
		PENDING,

		/**
		 * Every request got a response below 500, or 503.
		 */
		COMPLETED,

		/**
		 * Some requests could not be sent or answered 500 or above, other than 503, or
		 * the server could not be reached.
		 */
		FAILED,

		/**
		 * The timeout passed before every request was sent.
		 */
		TIMED_OUT,

		/**
		 * Nothing was sent, for the reason in the message.
		 */
		SKIPPED

	}

	/**
	 * One request of a warm-up.
	 *
	 * @param origin where the request comes from
	 * @param method the HTTP method
	 * @param path the path below the servlet context path
	 * @param status the response status, or {@code null} if no response came
	 * @param latencyMs the time to the full response, or to the failure
	 * @param error the failure without its stack trace, or {@code null}
	 */
	public record RequestResult(WarmupRequest.Origin origin, String method, String path, @Nullable Integer status,
			double latencyMs, @Nullable String error) {

		/**
		 * Return whether the request failed: no response, or a server error other than
		 * 503.
		 * @return {@code true} if it failed
		 */
		public boolean failed() {
			// 503 is what health and readiness-aware routes answer before the application
			// is ready: the request still ran through the whole stack.
			return this.error != null || this.status == null || (this.status >= 500 && this.status != 503);
		}

	}

}
