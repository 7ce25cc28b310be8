package io.github.tomcatlatency.warmup.internal;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.client.RequestSending;

/**
 * What a warm-up came to, from its requests' results and how its sendings ended: failed
 * when the server could not be reached, timed out when a sending ran out of time,
 * completed when every request warmed its route, incomplete when some did not without
 * failing, failed or timed out otherwise.
 */
final class WarmupVerdict {

	private WarmupVerdict() {
	}

	/**
	 * Return the result of a warm-up.
	 * @param server the URI of the servlet context
	 * @param startedAt when the warm-up started
	 * @param readinessHeldMs how long it held readiness back
	 * @param timeout the warm-up's timeout, named in the message of one that ran out of
	 * time
	 * @param results the results of every request, in order
	 * @param sendings the sendings the requests went out in, the last one's deadline
	 * deciding whether failures came from running out of time
	 * @return the result
	 */
	static WarmupResult of(URI server, Instant startedAt, double readinessHeldMs, Duration timeout,
			List<RequestResult> results, RequestSending... sendings) {
		Instant endedAt = Instant.now();
		for (RequestSending sending : sendings) {
			if (sending.unreachable() != null) {
				return WarmupResults.ended(State.FAILED, startedAt, endedAt, readinessHeldMs,
						"Cannot reach " + server + ": " + sending.unreachable(), results);
			}
		}
		for (RequestSending sending : sendings) {
			if (sending.timedOut()) {
				return WarmupResults.ended(
						State.TIMED_OUT, startedAt, endedAt, readinessHeldMs, "Not every request was sent within "
								+ timeout.toMillis() + " ms (tomcat-latency.warmup.timeout)" + failures(results),
						results);
			}
		}
		long failures = results.stream().filter(RequestResult::failed).count();
		long notWarmed = results.stream().filter((result) -> result.outcome() != Outcome.WARMED).count();
		if (notWarmed == 0) {
			return WarmupResults.ended(State.COMPLETED, startedAt, endedAt, readinessHeldMs, null, results);
		}
		if (failures == 0) {
			return WarmupResults.ended(State.INCOMPLETE, startedAt, endedAt, readinessHeldMs,
					notWarmed + " of " + results.size() + " requests did not warm their route" + failures(results),
					results);
		}
		long deadline = sendings[sendings.length - 1].deadline();
		State state = (System.nanoTime() - deadline >= 0) ? State.TIMED_OUT : State.FAILED;
		return WarmupResults.ended(state, startedAt, endedAt, readinessHeldMs,
				failures + " of " + results.size() + " requests failed" + failures(results), results);
	}

	/**
	 * Return the results of requests that were not sent.
	 * @param requests the requests
	 * @param why why they were not sent
	 * @return their results, {@link Outcome#NOT_SENT}
	 */
	static List<RequestResult> notSent(List<WarmupRequest> requests, String why) {
		return requests.stream()
			.map((request) -> new RequestResult(request.origin(), request.method(), request.path(), null, 0,
					"not sent: " + why, Outcome.NOT_SENT))
			.toList();
	}

	private static String failures(List<RequestResult> results) {
		String failed = results.stream()
			.filter((result) -> result.outcome() != Outcome.WARMED)
			.map((result) -> result.method() + " " + result.path() + ": "
					+ ((result.error() != null) ? result.error() : "status " + result.status()))
			// A repeated request fails the same way each time: name it once.
			.distinct()
			.collect(Collectors.joining("; "));
		return failed.isEmpty() ? "" : " (" + failed + ")";
	}

}
