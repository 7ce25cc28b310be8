package io.github.tomcatlatency.warmup.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.WarmupResult.TaskResult;
import org.jspecify.annotations.Nullable;

/**
 * The {@link WarmupResult results} a warm-up reports as it goes: before it runs, when it
 * is skipped, when it ends, and with what its tasks did.
 */
final class WarmupResults {

	private WarmupResults() {
	}

	static WarmupResult pending() {
		return new WarmupResult(State.PENDING, null, null, 0, 0, 0, null, List.of(), List.of());
	}

	static WarmupResult skipped(Instant now, String reason) {
		return new WarmupResult(State.SKIPPED, now, now, 0, 0, 0, reason, List.of(), List.of());
	}

	static WarmupResult failed(Instant now, String reason) {
		return new WarmupResult(State.FAILED, now, now, 0, 0, 0, reason, List.of(), List.of());
	}

	static WarmupResult ended(State state, Instant startedAt, Instant endedAt, double readinessHeldMs,
			@Nullable String message, List<RequestResult> requests) {
		return new WarmupResult(state, startedAt, endedAt,
				Milliseconds.of(Duration.between(startedAt, endedAt).toNanos()), readinessHeldMs, 0, message, requests,
				List.of());
	}

	static WarmupResult with(WarmupResult result, double replayMs, List<TaskResult> tasks) {
		return new WarmupResult(result.state(), result.startedAt(), result.endedAt(), result.durationMs(),
				result.readinessHeldMs(), replayMs, result.message(), result.requests(), tasks);
	}

}
