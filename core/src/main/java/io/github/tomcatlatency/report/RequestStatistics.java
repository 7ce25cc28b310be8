package io.github.tomcatlatency.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.github.tomcatlatency.classload.internal.ClassLoadLog;
import io.github.tomcatlatency.classload.internal.ClassLoads;
import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.phase.internal.ColdRequestProbe;
import io.github.tomcatlatency.phase.internal.RequestMethods;
import org.jspecify.annotations.Nullable;

/**
 * {@link PhaseRecorder} that keeps the statistics the {@code tomcat-latency} endpoint
 * reports, per method and route as the timers: the phase histograms, the first request to
 * arrive and cold spikes; and the reporting window: when counting started. It is given
 * only the requests that
 * {@link io.github.tomcatlatency.phase.internal.RequestCounting#RECORDED count}, which
 * start once the application is ready: the cold penalty is what users pay.
 * <p>
 * From the start of the window until {@link #PROBE_WINDOW} passes or
 * {@link #PROBE_REQUESTS} requests complete without a new method and route, its
 * {@link ColdRequestProbe} measures what the JVM does during each request, so that the
 * first request of each route says why it was slow; then the probe is off and requests
 * pay nothing for it. The count bounds what a busy application pays: the probe reads the
 * thread's CPU time twice a request, a system call each. It is small enough that under
 * load the probe is off before the JIT compiles the request path: compiled while the
 * probe is still armed, that code would be thrown away and compiled again when it is
 * disarmed.
 */
public final class RequestStatistics implements PhaseRecorder {

	/**
	 * How long the probe stays armed after the last new method and route.
	 */
	static final Duration PROBE_WINDOW = Duration.ofMinutes(1);

	/**
	 * How many requests the probe stays armed for after the last new method and route.
	 */
	static final long PROBE_REQUESTS = 1_000;

	private static final long PROBE_WINDOW_NANOS = PROBE_WINDOW.toNanos();

	private final int maxRoutes;

	private final RouteStatistics.SpikeDetection spikeDetection;

	private final ColdRequestProbe probe = new ColdRequestProbe();

	private final ClassLoadLog classLoadLog;

	private volatile boolean classLoadsLogged;

	private volatile State state;

	/**
	 * Create statistics.
	 * @param maxRoutes the bound on {@link Route#index()}
	 * @param spikeFactor how many times its route's median a cold spike takes at least
	 * @param spikeIdle how long a route must have been idle before a cold spike
	 * @param classLoadLog the JVM's class load log, run while the probe is armed, so that
	 * the first requests name the classes they loaded
	 */
	public RequestStatistics(int maxRoutes, double spikeFactor, Duration spikeIdle, ClassLoadLog classLoadLog) {
		this.maxRoutes = maxRoutes;
		this.classLoadLog = classLoadLog;
		this.spikeDetection = new RouteStatistics.SpikeDetection(spikeFactor, spikeIdle.toNanos());
		this.state = new State(maxRoutes, null);
	}

	RouteStatistics.SpikeDetection spikeDetection() {
		return this.spikeDetection;
	}

	/**
	 * Return the probe that measures the first requests: the valve arms nothing itself,
	 * these statistics arm and disarm it.
	 * @return the probe
	 */
	public ColdRequestProbe probe() {
		return this.probe;
	}

	/**
	 * Forget everything recorded so far and start a new reporting window; the next
	 * request counts as the first again.
	 */
	public void reset() {
		this.classLoadsLogged = this.classLoadLog.start();
		this.state = new State(this.maxRoutes, Instant.now());
		this.probe.arm();
	}

	/**
	 * Return the classes the JVM logged as loaded while the probe was armed last.
	 * @return the loads, or {@code null} when they were not logged
	 */
	@Nullable ClassLoads classLoads() {
		return this.classLoadLog.read();
	}

	/**
	 * Return when counting started: readiness, or the last reset.
	 * @return the start of the reporting window, or {@code null} before readiness
	 */
	@Nullable Instant since() {
		return this.state.since;
	}

	@Override
	public void record(Route route, String method, int status, CompletedRequest request) {
		record(route, method, request.startNanos(), request.containerNanos(), request.filtersNanos(),
				request.mvcNanos(), request.classesLoaded(), request.cpuNanos());
	}

	@Override
	public void record(Route route, String method, int status, long containerNanos, long filtersNanos, long mvcNanos) {
		// Called directly, not by Tomcat: the request arrived its wall time ago.
		long startNanos = System.nanoTime() - containerNanos - filtersNanos - mvcNanos;
		record(route, method, startNanos, containerNanos, filtersNanos, mvcNanos, CompletedRequest.NOT_MEASURED,
				CompletedRequest.NOT_MEASURED);
	}

	private void record(Route route, String method, long startNanos, long containerNanos, long filtersNanos,
			long mvcNanos, long classesLoaded, long cpuNanos) {
		State state = this.state;
		int methodIndex = RequestMethods.index(method);
		int index = route.index() * RequestMethods.COUNT + methodIndex;
		RouteStatistics statistics = state.routes.get(index);
		if (statistics == null) {
			statistics = state.add(index, route.uri(), RequestMethods.name(methodIndex));
		}
		statistics.record(startNanos, containerNanos, filtersNanos, mvcNanos, classesLoaded, cpuNanos,
				this.spikeDetection, this.classLoadsLogged);
		if (this.probe.armed() && (state.requestsSinceNewRoute.incrementAndGet() > PROBE_REQUESTS
				|| System.nanoTime() - state.lastNewRouteNanos > PROBE_WINDOW_NANOS)) {
			this.probe.disarm();
			// After the response: the client does not wait for the JVM's diagnostic
			// command.
			this.classLoadLog.stop();
		}
	}

	/**
	 * Return a copy of the statistics of every method and route recorded so far.
	 * @return the copies, which requests recording meanwhile do not change
	 */
	List<RouteSnapshot> snapshot() {
		AtomicReferenceArray<@Nullable RouteStatistics> routes = this.state.routes;
		List<RouteSnapshot> result = new ArrayList<>();
		for (int i = 0; i < routes.length(); i++) {
			RouteStatistics statistics = routes.get(i);
			if (statistics != null) {
				result.add(statistics.snapshot());
			}
		}
		return result;
	}

	private static final class State {

		private final AtomicReferenceArray<@Nullable RouteStatistics> routes;

		private final @Nullable Instant since;

		private volatile long lastNewRouteNanos = System.nanoTime();

		private final AtomicLong requestsSinceNewRoute = new AtomicLong();

		State(int maxRoutes, @Nullable Instant since) {
			this.routes = new AtomicReferenceArray<>(maxRoutes * RequestMethods.COUNT);
			this.since = since;
		}

		RouteStatistics add(int index, String route, String method) {
			RouteStatistics added = new RouteStatistics(route, method);
			if (this.routes.compareAndSet(index, null, added)) {
				this.lastNewRouteNanos = System.nanoTime();
				this.requestsSinceNewRoute.set(0);
				return added;
			}
			return this.routes.get(index);
		}

	}

}
