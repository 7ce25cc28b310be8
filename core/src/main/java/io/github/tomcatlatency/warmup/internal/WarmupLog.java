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
 * What the warm-up logs: one INFO line when readiness follows, a WARN line for each route
 * whose request failed, an INFO line for each route not warmed and one for all the routes
 * the application's security refused, each request at DEBUG. Logged as
 * {@link WarmupRunner}, the class users know.
 */
final class WarmupLog {

	private static final Log logger = LogFactory.getLog(WarmupRunner.class);

	private WarmupLog() {
	}

	static void ready(WarmupResult result, int background, boolean unreachable) {
		if (result.state() == State.TIMED_OUT || unreachable) {
			// The warm-up's own limits, not the application's failure: the message names
			// the setting that helps.
			logger
				.info("Tomcat warm-up " + describe(result.state()) + ": " + result.message() + "; start-up continues");
		}
		notWarmed(result.requests());
		logger.info("Tomcat warm-up sent " + result.requests().size() + " requests in " + result.durationMs()
				+ " ms before accepting traffic"
				+ ((background > 0) ? ", " + background + " more follow in the background" : "") + ": "
				+ result.routeCounts());
	}

	static void background(List<RequestResult> results) {
		notWarmed(results);
		logger.debug("Tomcat warm-up sent "
				+ results.stream().filter((result) -> result.outcome() != Outcome.NOT_SENT).count()
				+ " requests in the background");
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
					+ Math.round(result.latencyMs()) + " ms"
					+ ((result.origin() == Origin.DISCOVERED) ? " (discovered route)" : ""));
		}
	}

	/**
	 * Log one line for each route a request did not warm: a warning for a failure, an
	 * info line for a route that answered without being warmed, and one info line with
	 * the remedy for every route the application's security refused.
	 * @param results the requests' results
	 */
	private static void notWarmed(List<RequestResult> results) {
		Map<String, RequestResult> notWarmed = new LinkedHashMap<>();
		for (RequestResult result : results) {
			if (result.outcome() != Outcome.WARMED) {
				notWarmed.putIfAbsent(result.method() + " " + result.path(), result);
			}
		}
		List<String> refused = new ArrayList<>();
		notWarmed.forEach((route, result) -> {
			String why = (result.error() != null) ? result.error() : "status " + result.status();
			switch (result.outcome()) {
				// A route that answered with an error failed in the application; one that
				// did not answer in time, or at all, is the warm-up's limit.
				case FAILED -> {
					if (result.status() != null) {
						logger.warn("Tomcat warm-up " + route + " failed: " + why + "; start-up continues");
					}
					else {
						logger.info("Tomcat warm-up " + route + ": " + why + ", route not warmed");
					}
				}
				case NOT_WARMED -> logger.info("Tomcat warm-up " + route + ": " + why + ", route not warmed");
				case REFUSED -> refused.add(route + " (" + why + ")");
				default -> {
				}
			}
		});
		if (!refused.isEmpty()) {
			logger.info("Tomcat warm-up was refused by the application's security, so these routes were not warmed: "
					+ String.join(", ", refused) + ". Give such requests the headers they need "
					+ "(tomcat-latency.warmup.requests[].headers), or see the warm-up's security section of the "
					+ "documentation for filter chains the warm-up cannot pass");
		}
	}

	static String describe(State state) {
		return state.name().toLowerCase(Locale.ROOT).replace('_', ' ');
	}

}
