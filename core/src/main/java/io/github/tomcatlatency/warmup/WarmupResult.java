package io.github.tomcatlatency.warmup;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import org.jspecify.annotations.Nullable;

/**
 * What a warm-up did: an immutable snapshot, ready to be serialised by Jackson.
 *
 * @param state how the warm-up ended, or that it has not ended yet
 * @param startedAt when it started, {@code null} before
 * @param endedAt when it ended, {@code null} before
 * @param durationMs how long it took, {@code 0} before it ended
 * @param readinessHeldMs how long it held readiness back: from when the application's
 * runners had run until the part sent before readiness ended, {@code 0} before it ended
 * @param replayMs how long the routes replayed from the JVM cache's training run took to
 * send, part of {@code readinessHeldMs}; {@code 0} when none were
 * @param message why it was skipped or what failed, {@code null} if nothing did
 * @param requests each request sent, in order
 * @param tasks what each warm-up task did the last time it ran, in the order they ran
 */
public record WarmupResult(State state, @Nullable Instant startedAt, @Nullable Instant endedAt, double durationMs,
		double readinessHeldMs, double replayMs, @Nullable String message, List<RequestResult> requests,
		List<TaskResult> tasks) {

	public WarmupResult {
		requests = List.copyOf(requests);
		tasks = List.copyOf(tasks);
	}

	/**
	 * Return each route the warm-up sent requests to, with how many it sent, in the order
	 * of their first request: {@code GET /books x3, POST /items x1}.
	 * @return the routes and their counts
	 */
	public String routeCounts() {
		Map<String, Integer> counts = new LinkedHashMap<>();
		for (RequestResult request : this.requests) {
			counts.merge(request.method() + " " + request.path(), 1, Integer::sum);
		}
		return counts.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " x" + entry.getValue())
			.collect(Collectors.joining(", "));
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
		 * Every request warmed its route.
		 */
		COMPLETED,

		/**
		 * Some requests did not warm their route without failing: the application's
		 * security refused them (401, 403, or a redirect of a built-in request to a login
		 * page), they got another client error, or they were not sent.
		 */
		INCOMPLETE,

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
	 * @param outcome what the request did for its route, derived from the rest
	 */
	public record RequestResult(WarmupRequest.Origin origin, String method, String path, @Nullable Integer status,
			double latencyMs, @Nullable String error, Outcome outcome) {

		/**
		 * Create the result of a request, with its outcome.
		 * @param origin where the request comes from
		 * @param method the HTTP method
		 * @param path the path below the servlet context path
		 * @param status the response status, or {@code null} if no response came
		 * @param latencyMs the time to the full response, or to the failure
		 * @param error the failure without its stack trace, or {@code null}
		 */
		public RequestResult(WarmupRequest.Origin origin, String method, String path, @Nullable Integer status,
				double latencyMs, @Nullable String error) {
			this(origin, method, path, status, latencyMs, error, outcome(origin, path, status, error));
		}

		/**
		 * Return whether the request failed: no response, or a server error other than
		 * 503.
		 * @return {@code true} if it failed
		 */
		public boolean failed() {
			return this.outcome == Outcome.FAILED;
		}

		private static Outcome outcome(WarmupRequest.Origin origin, String path, @Nullable Integer status,
				@Nullable String error) {
			// 503 is what health and readiness-aware routes answer before the application
			// is ready: the request still ran through the whole stack.
			if (error != null || status == null || (status >= 500 && status != 503)) {
				return Outcome.FAILED;
			}
			boolean builtIn = origin == WarmupRequest.Origin.BUILT_IN;
			// The starter's own routes never redirect: a redirect is a login page's.
			if (status == 401 || status == 403 || (builtIn && status >= 300 && status < 400)) {
				return Outcome.REFUSED;
			}
			// The built-in error page requests ask for a 404 on purpose.
			boolean notFoundAskedFor = builtIn && status == 404 && WarmupRoutes.asksForNotFound(path);
			if (status >= 400 && status < 500 && !notFoundAskedFor) {
				return Outcome.NOT_WARMED;
			}
			return Outcome.WARMED;
		}

	}

	/**
	 * What a warm-up request did for its route.
	 */
	public enum Outcome {

		/**
		 * The route's handler answered: its path was warmed.
		 */
		WARMED,

		/**
		 * The application's security answered instead of the route (401, 403, or a
		 * redirect of a built-in request to a login page): nothing behind it was warmed.
		 */
		REFUSED,

		/**
		 * Another client error (a missing parameter, a wrong body, no such route): the
		 * route's handler did not run as a real request runs it.
		 */
		NOT_WARMED,

		/**
		 * No response, or a server error other than 503.
		 */
		FAILED,

		/**
		 * A request to follow readiness that was not sent: the application's traffic left
		 * no pause for it before the timeout. The route's first real request warms it.
		 */
		NOT_SENT

	}

	/**
	 * What a warm-up task did the last time it ran.
	 *
	 * @param name the task's name, for example {@code repository-queries}
	 * @param outcome what came of it
	 * @param timeMs how long it ran
	 * @param reason why it did not run to its end, {@code null} if it did
	 */
	public record TaskResult(String name, TaskOutcome outcome, double timeMs, @Nullable String reason) {

	}

	/**
	 * What came of a warm-up task.
	 */
	public enum TaskOutcome {

		/**
		 * It ran to its end.
		 */
		RAN,

		/**
		 * It cannot run on the application's library versions (a class or method it calls
		 * is not there): the routes it serves start colder.
		 */
		UNSUPPORTED,

		/**
		 * It failed: the routes it serves start colder.
		 */
		FAILED

	}

}
