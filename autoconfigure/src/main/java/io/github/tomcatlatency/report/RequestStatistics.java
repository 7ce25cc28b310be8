package io.github.tomcatlatency.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.Route;
import org.jspecify.annotations.Nullable;

/**
 * {@link PhaseRecorder} that keeps the statistics the {@code tomcat-latency} endpoint
 * reports: per route, the phase histograms, the first request and cold spikes; for the
 * application, the first request it records, and the reporting window: when counting
 * started. It is given only the requests that
 * {@link io.github.tomcatlatency.phase.RequestCounting#RECORDED count}, which start once
 * the application is ready: the cold penalty is what users pay.
 */
public final class RequestStatistics implements PhaseRecorder {

	private final int maxRoutes;

	private final RouteStatistics.SpikeDetection spikeDetection;

	private final AtomicReference<State> state;

	/**
	 * Create statistics.
	 * @param maxRoutes the bound on {@link Route#index()}
	 * @param spikeFactor how many times its route's median a cold spike takes at least
	 * @param spikeIdle how long a route must have been idle before a cold spike
	 */
	public RequestStatistics(int maxRoutes, double spikeFactor, Duration spikeIdle) {
		this.maxRoutes = maxRoutes;
		this.spikeDetection = new RouteStatistics.SpikeDetection(spikeFactor, spikeIdle.toNanos());
		this.state = new AtomicReference<>(new State(maxRoutes, null));
	}

	RouteStatistics.SpikeDetection spikeDetection() {
		return this.spikeDetection;
	}

	/**
	 * Forget everything recorded so far and start a new reporting window; the next
	 * request counts as the first again.
	 */
	public void reset() {
		this.state.set(new State(this.maxRoutes, Instant.now()));
	}

	/**
	 * Return when counting started: readiness, or the last reset.
	 * @return the start of the reporting window, or {@code null} before readiness
	 */
	@Nullable Instant since() {
		return this.state.get().since;
	}

	@Override
	public void record(Route route, String method, int status, long containerNanos, long filtersNanos, long mvcNanos) {
		State state = this.state.get();
		RouteStatistics statistics = state.routes.get(route.index());
		if (statistics == null) {
			state.routes.compareAndSet(route.index(), null, new RouteStatistics(route.uri(), method));
			statistics = state.routes.get(route.index());
		}
		if (state.firstRoute.get() == null) {
			state.firstRoute.compareAndSet(null, statistics);
		}
		statistics.record(containerNanos, filtersNanos, mvcNanos, this.spikeDetection);
	}

	/**
	 * Return the route of the first request after the application became ready: that
	 * request was also the first of its route.
	 * @return the route, or {@code null} before any request
	 */
	@Nullable RouteStatistics firstRoute() {
		return this.state.get().firstRoute.get();
	}

	List<RouteStatistics> routes() {
		AtomicReferenceArray<@Nullable RouteStatistics> routes = this.state.get().routes;
		List<RouteStatistics> result = new ArrayList<>();
		for (int i = 0; i < routes.length(); i++) {
			RouteStatistics statistics = routes.get(i);
			if (statistics != null) {
				result.add(statistics);
			}
		}
		return result;
	}

	private static final class State {

		private final AtomicReferenceArray<@Nullable RouteStatistics> routes;

		private final AtomicReference<@Nullable RouteStatistics> firstRoute = new AtomicReference<>();

		private final @Nullable Instant since;

		State(int maxRoutes, @Nullable Instant since) {
			this.routes = new AtomicReferenceArray<>(maxRoutes);
			this.since = since;
		}

	}

}
