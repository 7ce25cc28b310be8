package io.github.tomcatlatency.warmup.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.tomcatlatency.internal.Failures;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * What the warm-up logs: one INFO line when readiness follows, which also names the
 * routes it did not warm and why and counts those it left out, a WARN line for each route
 * whose request the application failed, each request at DEBUG. Logged as
 * {@link WarmupRunner}, the class users know.
 */
final class WarmupLog {

	private static final Log logger = LogFactory.getLog(WarmupRunner.class);

	private WarmupLog() {
	}

	static void ready(WarmupResult result, int background, boolean unreachable, List<String> leftOut) {
		StringBuilder line = new StringBuilder("Tomcat warm-up sent ").append(result.requests().size())
			.append(" requests in ")
			.append(result.durationMs())
			.append(" ms before accepting traffic");
		long replayed = result.requests().stream().filter((request) -> request.origin() == Origin.REPLAYED).count();
		if (replayed > 0) {
			line.append(", ")
				.append(replayed)
				.append(" of them replayed from the training in ")
				.append(result.replayMs())
				.append(" ms");
		}
		if (background > 0) {
			line.append(", ").append(background).append(" more follow in the background");
		}
		line.append(": ").append(result.routeCounts());
		if (result.state() == State.TIMED_OUT || unreachable) {
			// The warm-up's own limits, not the application's failure: the message names
			// the setting that helps.
			line.append("; ").append(describe(result.state())).append(": ").append(result.message());
		}
		// One line per start: the routes left cold are part of it.
		NotWarmed notWarmed = notWarmed(result.requests());
		notWarmed.describe(line);
		line.append(leftOut(leftOut));
		logger.info(line);
	}

	static void background(List<RequestResult> results) {
		NotWarmed notWarmed = notWarmed(results);
		if (logger.isDebugEnabled()) {
			StringBuilder line = new StringBuilder("Tomcat warm-up sent ")
				.append(results.stream().filter((result) -> result.outcome() != Outcome.NOT_SENT).count())
				.append(" requests in the background");
			notWarmed.describe(line);
			logger.debug(line);
		}
	}

	static void notSent(List<RequestResult> notSent, String why) {
		// A detail, not a second INFO line per start: an instance that joins under
		// traffic, as in a rolling deploy, finds no pause; the endpoint lists them.
		logger.debug("Tomcat warm-up did not send " + notSent.size() + " of its requests after readiness ("
				+ notSent.stream()
					.map((result) -> result.method() + " " + result.path())
					.distinct()
					.collect(Collectors.joining(", "))
				+ "): " + why + "; their routes are warmed by their first real requests");
	}

	/**
	 * Log what the warm-up did not expect, which ended it: one line, the stack trace at
	 * debug level only.
	 * @param failure what it threw
	 */
	static void unexpected(Throwable failure) {
		logger.warn("Tomcat warm-up failed: " + Failures.describe(failure) + "; start-up continues without it "
				+ "(tomcat-latency.warmup.enabled=false switches the warm-up off)");
		logger.debug("Tomcat warm-up failure", failure);
	}

	static void noBackgroundOnOneWorker() {
		logger.debug("Tomcat warm-up sends nothing after readiness: the server has one request thread "
				+ "(server.tomcat.threads.max), which a real request would find busy");
	}

	static void skipped(WarmupResult result) {
		logger.info("Tomcat warm-up skipped: " + result.message());
	}

	static void closing() {
		logger.debug("Tomcat warm-up stopped: the application is closing");
	}

	static void sent(RequestResult result) {
		if (logger.isDebugEnabled()) {
			String outcome = (result.status() != null) ? "status " + result.status() : result.error();
			logger.debug("Tomcat warm-up " + result.method() + " " + result.path() + ": " + outcome + " in "
					+ Math.round(result.latencyMs()) + " ms" + switch (result.origin()) {
						case DISCOVERED -> " (discovered route)";
						case REPLAYED -> " (replayed route)";
						default -> "";
					});
		}
	}

	/**
	 * Log a warning for each route whose request the application failed, and return the
	 * routes that were not warmed for another reason.
	 * @param results the requests' results
	 * @return the routes not warmed, to describe in the line that sums the requests up
	 */
	private static NotWarmed notWarmed(List<RequestResult> results) {
		Map<String, RequestResult> notWarmed = new LinkedHashMap<>();
		for (RequestResult result : results) {
			if (result.outcome() != Outcome.WARMED) {
				notWarmed.putIfAbsent(result.method() + " " + result.path(), result);
			}
		}
		List<String> cold = new ArrayList<>();
		List<String> refused = new ArrayList<>();
		notWarmed.forEach((route, result) -> {
			String why = route + " ("
					+ ((result.error() != null) ? oneLine(result.error()) : "status " + result.status()) + ")";
			switch (result.outcome()) {
				// A route that answered with an error failed in the application; one that
				// did not answer in time, or at all, is the warm-up's limit.
				case FAILED -> {
					if (result.status() != null) {
						logger.warn("Tomcat warm-up " + route + " failed: status " + result.status()
								+ "; start-up continues");
					}
					else {
						cold.add(why);
					}
				}
				case NOT_WARMED -> cold.add(why);
				case REFUSED -> refused.add(why);
				default -> {
				}
			}
		});
		return new NotWarmed(cold, refused);
	}

	/**
	 * Describe the routes left out of the requests, for the line that sums the warm-up
	 * up: an opt-in (discovery, replay) that sent less than it found says so there, the
	 * first reason standing for the rest, which DEBUG lists.
	 * @param leftOut the routes left out, each as {@code "GET /path: why"}
	 * @return the description, empty when none was left out
	 */
	static String leftOut(List<String> leftOut) {
		if (leftOut.isEmpty()) {
			return "";
		}
		return "; " + leftOut.size() + ((leftOut.size() == 1) ? " route" : " routes") + " not sent ("
				+ oneLine(leftOut.get(0)) + ((leftOut.size() > 1) ? "; the others at DEBUG" : "") + ")";
	}

	/**
	 * Return the first line of a reason: one may quote an exception's message of several
	 * lines, and the line that sums the warm-up up stays one.
	 * @param reason the reason
	 * @return its first line, marked as cut when there were more
	 */
	static String oneLine(String reason) {
		int end = reason.indexOf('\n');
		return (end < 0) ? reason : reason.substring(0, end).strip() + " ...";
	}

	static String describe(State state) {
		return state.name().toLowerCase(Locale.ROOT).replace('_', ' ');
	}

	/**
	 * The routes a warm-up's requests did not warm, other than those the application
	 * failed.
	 *
	 * @param cold the routes that answered a client error or no answer in time, each with
	 * why
	 * @param refused the routes the application's security refused, each with its status
	 */
	private record NotWarmed(List<String> cold, List<String> refused) {

		void describe(StringBuilder line) {
			if (!this.cold.isEmpty()) {
				line.append("; not warmed: ").append(String.join(", ", this.cold));
			}
			if (!this.refused.isEmpty()) {
				line.append("; refused by the application's security, so not warmed: ")
					.append(String.join(", ", this.refused))
					.append(" (give such requests the headers they need, tomcat-latency.warmup.requests[].headers, "
							+ "or see the warm-up's security section of the documentation for filter chains the "
							+ "warm-up cannot pass)");
			}
		}

	}

}
