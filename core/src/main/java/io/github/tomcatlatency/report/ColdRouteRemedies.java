package io.github.tomcatlatency.report;

import java.util.List;

import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequest;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRouteRemedy;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.internal.discovery.MvcRouteDiscovery;
import org.jspecify.annotations.Nullable;

/**
 * Tells how to warm the routes whose first request after readiness paid a cold penalty:
 * for each, the one setting that would remove what is left given how far the warm-up got,
 * and for all of them the {@code application.yml} lines of one configured warm-up request
 * per route, and which of them route discovery would warm instead.
 */
final class ColdRouteRemedies {

	/**
	 * How many times its warm median a route's first request must take to count as cold.
	 */
	static final double COLD_RATIO = 2.0;

	private ColdRouteRemedies() {
	}

	/**
	 * Return whether a first request was cold, on a route that Spring MVC matched: the
	 * others (NOT_FOUND, REDIRECTION, UNKNOWN) have no path to warm.
	 * @param route the route
	 * @param ratio the first request's time divided by the route's median
	 * @return whether a remedy applies
	 */
	static boolean isCold(String route, double ratio) {
		return ratio >= COLD_RATIO && route.startsWith("/");
	}

	/**
	 * Return whether the warm-up discovers routes.
	 * @param warmup the warm-up's result, or {@code null} when warm-up is off
	 * @return whether it sent discovered requests
	 */
	static boolean discovering(@Nullable WarmupResult warmup) {
		return warmup != null
				&& warmup.requests().stream().anyMatch((request) -> request.origin() == Origin.DISCOVERED);
	}

	/**
	 * Return the one setting that would have warmed a cold route, given how far the
	 * warm-up got.
	 * @param route the route
	 * @param method the request method
	 * @param reach how far the warm-up got
	 * @param discovering whether the warm-up discovers routes
	 * @return the setting, and why
	 */
	static String remedy(String route, String method, WarmupReach reach, boolean discovering) {
		return switch (reach) {
			case REACHED -> "tomcat-latency.warmup.training=true for the JVM's AOT cache (docs/training.md): "
					+ "the warm-up reached the handler, what is left is code the JVM had not loaded or compiled";
			case REFUSED -> "headers.Authorization (or the headers it needs) on a configured warm-up request to "
					+ method + " " + route + ": the warm-up was refused (401 or 403)";
			case NOT_WARMED -> "the parameters, body or values a configured warm-up request to " + method + " " + route
					+ " needs: the warm-up's own got a client error (warmup.requests)";
			case FAILED -> "a warm-up request to " + method + " " + route
					+ " that succeeds: the warm-up's own failed (warmup.requests)";
			case NOT_SENT, OFF -> {
				String prefix = (reach == WarmupReach.OFF) ? "tomcat-latency.warmup.enabled=true with " : "";
				yield prefix + (isDiscoverable(route, method, discovering)
						? "tomcat-latency.warmup.discover-routes=true" : "a configured warm-up request to " + method
								+ " " + route + " (tomcat-latency.warmup.requests)");
			}
		};
	}

	static @Nullable ColdRouteRemedy remedy(List<ColdRequest> routes, @Nullable WarmupResult warmup) {
		List<ColdRequest> cold = routes.stream().filter((route) -> isCold(route.route(), route.ratio())).toList();
		if (cold.isEmpty()) {
			return null;
		}
		StringBuilder yml = new StringBuilder("tomcat-latency:\n  warmup:\n    requests:\n");
		for (ColdRequest route : cold) {
			yml.append("      - path: ").append(route.route());
			if (!MvcRouteDiscovery.isLiteral(route.route())) {
				yml.append("  # replace the variables with values that exist");
			}
			yml.append('\n');
			if (!"GET".equals(route.method())) {
				yml.append("        method: ").append(route.method()).append("  # and the body and headers it needs\n");
			}
		}
		boolean discovering = discovering(warmup);
		List<String> discoverable = cold.stream()
			.filter((route) -> isDiscoverable(route.route(), route.method(), discovering))
			.map(ColdRequest::route)
			.toList();
		return new ColdRouteRemedy(cold.stream().map((route) -> route.method() + " " + route.route()).toList(),
				yml.toString(), discoverable);
	}

	private static boolean isDiscoverable(String route, String method, boolean discovering) {
		return !discovering && "GET".equals(method) && MvcRouteDiscovery.isLiteral(route);
	}

}
