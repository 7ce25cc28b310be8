package io.github.tomcatlatency.phase;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Predicate;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.http.Outcome;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * {@link PhaseRecorder} that records each phase in the {@value #METER_NAME} timer, tagged
 * with {@code phase}, {@code method}, {@code uri} and {@code outcome}. Tag values follow
 * Spring's {@code http.server.requests} so the two can be compared; the {@code uri} tag is
 * the matched pattern, never the raw path.
 * <p>
 * Timers are created on first use and looked up without allocation afterwards. The number
 * of {@code uri} values is bounded: past the bound new routes are not recorded and a
 * warning is logged once.
 *
 * @author tomcat-latency
 */
public final class PhaseTimers implements PhaseRecorder {

	/**
	 * Name of the timer.
	 */
	public static final String METER_NAME = "tomcat.latency.request";

	private static final Log logger = LogFactory.getLog(PhaseTimers.class);

	private static final String[] METHODS = { "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE",
			"UNKNOWN" };

	private static final Outcome[] OUTCOMES = Outcome.values();

	private static final Phase[] PHASES = Phase.values();

	private final MeterRegistry registry;

	private final int maxRoutes;

	private final Predicate<String> excludedRoutes;

	private final Map<String, RouteTimers> routes = new ConcurrentHashMap<>();

	private final AtomicBoolean routeLimitLogged = new AtomicBoolean();

	private final RouteTimers excluded = new RouteTimers("excluded");

	/**
	 * Create a recorder.
	 * @param registry the registry for the timers
	 * @param maxRoutes the most {@code uri} tag values to record
	 * @param excludedRoutes routes whose requests are not recorded
	 */
	public PhaseTimers(MeterRegistry registry, int maxRoutes, Predicate<String> excludedRoutes) {
		this.registry = registry;
		this.maxRoutes = maxRoutes;
		this.excludedRoutes = excludedRoutes;
	}

	@Override
	public void record(@Nullable String route, String method, int status, long containerNanos, long filtersNanos,
			long mvcNanos) {
		RouteTimers routeTimers = routeTimers(uri(route, status));
		if (routeTimers == null || routeTimers == this.excluded) {
			return;
		}
		Timer[] timers = routeTimers.timers(methodIndex(method), Outcome.forStatus(status));
		timers[Phase.CONTAINER.ordinal()].record(containerNanos, TimeUnit.NANOSECONDS);
		timers[Phase.FILTERS.ordinal()].record(filtersNanos, TimeUnit.NANOSECONDS);
		timers[Phase.MVC.ordinal()].record(mvcNanos, TimeUnit.NANOSECONDS);
	}

	@Override
	public void prepare(@Nullable String route, String method, int status) {
		// Registers the timers: a warm-up leaves them at zero but created.
		RouteTimers routeTimers = routeTimers(uri(route, status));
		if (routeTimers != null && routeTimers != this.excluded) {
			routeTimers.timers(methodIndex(method), Outcome.forStatus(status));
		}
	}

	private @Nullable RouteTimers routeTimers(String uri) {
		RouteTimers routeTimers = this.routes.get(uri);
		if (routeTimers != null) {
			return routeTimers;
		}
		if (this.routes.size() >= this.maxRoutes) {
			if (this.routeLimitLogged.compareAndSet(false, true)) {
				logger.warn("Reached the maximum number of 'uri' tags (" + this.maxRoutes + ") for '" + METER_NAME
						+ "': requests to further routes are not recorded. Raise "
						+ "'management.metrics.web.server.max-uri-tags' if the application has more routes.");
			}
			return null;
		}
		return this.routes.computeIfAbsent(uri,
				(key) -> this.excludedRoutes.test(key) ? this.excluded : new RouteTimers(key));
	}

	/**
	 * Return the {@code uri} tag value, as {@code http.server.requests} does.
	 */
	static String uri(@Nullable String route, int status) {
		if (route != null) {
			return route.isEmpty() ? "root" : route;
		}
		if (status >= 300 && status < 400) {
			return "REDIRECTION";
		}
		return (status == 404) ? "NOT_FOUND" : "UNKNOWN";
	}

	private static int methodIndex(String method) {
		return switch (method) {
			case "GET" -> 0;
			case "HEAD" -> 1;
			case "POST" -> 2;
			case "PUT" -> 3;
			case "PATCH" -> 4;
			case "DELETE" -> 5;
			case "OPTIONS" -> 6;
			case "TRACE" -> 7;
			default -> METHODS.length - 1;
		};
	}

	/**
	 * The timers of one route, one array of phase timers per method and outcome.
	 */
	private final class RouteTimers {

		private final String uri;

		private final AtomicReferenceArray<Timer[]> timers = new AtomicReferenceArray<>(
				METHODS.length * OUTCOMES.length);

		RouteTimers(String uri) {
			this.uri = uri;
		}

		Timer[] timers(int methodIndex, Outcome outcome) {
			int index = methodIndex * OUTCOMES.length + outcome.ordinal();
			Timer[] phaseTimers = this.timers.get(index);
			if (phaseTimers == null) {
				// A race registers the same timers twice: the registry returns the same ones.
				phaseTimers = register(METHODS[methodIndex], outcome);
				this.timers.set(index, phaseTimers);
			}
			return phaseTimers;
		}

		private Timer[] register(String method, Outcome outcome) {
			Timer[] phaseTimers = new Timer[PHASES.length];
			for (Phase phase : PHASES) {
				phaseTimers[phase.ordinal()] = Timer.builder(METER_NAME)
					.description("Time each request spends in Tomcat (container), servlet filters and Spring MVC")
					.tags("phase", phase.tagValue(), "method", method, "uri", this.uri, "outcome", outcome.name())
					.register(PhaseTimers.this.registry);
			}
			return phaseTimers;
		}

	}

}
