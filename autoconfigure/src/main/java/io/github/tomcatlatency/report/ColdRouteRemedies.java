package io.github.tomcatlatency.report;

import java.util.List;

import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequest;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRouteRemedy;
import io.github.tomcatlatency.warmup.MvcRouteDiscovery;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import org.jspecify.annotations.Nullable;

/**
 * Tells how to warm the routes whose first request after readiness paid a cold penalty:
 * the {@code application.yml} lines of one configured warm-up request per route, and
 * which of them route discovery would warm instead.
 */
final class ColdRouteRemedies {

	/**
	 * How many times its warm median a route's first request must take to count as cold.
	 */
	static final double COLD_RATIO = 2.0;

	private ColdRouteRemedies() {
	}

	static @Nullable ColdRouteRemedy remedy(List<ColdRequest> routes, @Nullable WarmupResult warmup) {
		// Routes Spring MVC did not match (NOT_FOUND, REDIRECTION, UNKNOWN) have no path.
		List<ColdRequest> cold = routes.stream()
			.filter((route) -> route.ratio() >= COLD_RATIO && route.route().startsWith("/"))
			.toList();
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
		boolean discovering = warmup != null
				&& warmup.requests().stream().anyMatch((request) -> request.origin() == Origin.DISCOVERED);
		List<String> discoverable = discovering ? List.of()
				: cold.stream()
					.filter((route) -> "GET".equals(route.method()) && MvcRouteDiscovery.isLiteral(route.route()))
					.map(ColdRequest::route)
					.toList();
		return new ColdRouteRemedy(cold.stream().map((route) -> route.method() + " " + route.route()).toList(),
				yml.toString(), discoverable);
	}

}
