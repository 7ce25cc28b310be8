package io.github.tomcatlatency.statistics;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.github.tomcatlatency.classload.internal.ClassLoadLog;
import io.github.tomcatlatency.classload.internal.ClassLoads;
import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.Phase;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.phase.internal.RequestMethods;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * {@link PhaseRecorder} that keeps the statistics the {@code tomcat-latency} endpoint
 * reports, per method and route as the timers: the total's histogram and the phases' sums
 * ({@link RouteHistograms}), the first request to arrive and cold spikes; and the
 * reporting window: when counting started. It is given only the requests that
 * {@link io.github.tomcatlatency.phase.internal.RequestCounting#RECORDED count}, which
 * start once the application is ready: the cold penalty is what users pay.
 * <p>
 * From the start of the window until {@link #PROBE_WINDOW} passes or
 * {@link #PROBE_REQUESTS} requests complete without a new method and route, it is
 * {@link #probing() probing}: the request path measures what the JVM does during each
 * request, so that the first request of each route says why it was slow; then the probe
 * is off and requests pay nothing for it. The count bounds what a busy application pays:
 * the probe reads the thread's CPU time twice a request, a system call each. It is small
 * enough that under load the probe is off before the JIT compiles the request path:
 * compiled while the probe is still armed, that code would be thrown away and compiled
 * again when it is disarmed.
 * <p>
 * Their memory is capped: each method and route, and each stripe a route splits into, is
 * reserved from a {@link MemoryBudget} before it is created; the requests of a method and
 * route that does not fit are counted together, not stored, and the first one logs it.
 */
public final class RequestStatistics implements PhaseRecorder, AutoCloseable {

	/**
	 * How long the probe stays armed after the last new method and route.
	 */
	static final Duration PROBE_WINDOW = Duration.ofMinutes(1);

	/**
	 * How many requests the probe stays armed for after the last new method and route.
	 */
	static final long PROBE_REQUESTS = 1_000;

	private static final long PROBE_WINDOW_NANOS = PROBE_WINDOW.toNanos();

	private static final Log logger = LogFactory.getLog(RequestStatistics.class);

	private static final int PHASES = Phase.values().length;

	/**
	 * Marks a method and route the cap kept out: its requests are counted, not stored.
	 */
	private static final RouteStatistics NOT_STORED = new RouteStatistics("", "", new MemoryBudget(0, 0));

	private final int maxRoutes;

	private final long maxMemoryBytes;

	private final AtomicBoolean capLogged = new AtomicBoolean();

	private final SpikeDetection spikeDetection;

	private final ClassLoadLog classLoadLog = new ClassLoadLog();

	private volatile boolean probing;

	private volatile boolean classLoadsLogged;

	private volatile State state;

	/**
	 * Create statistics.
	 * @param maxRoutes the bound on {@link Route#index()}
	 * @param maxMemoryBytes the most heap the statistics take, estimated from their
	 * histograms
	 * @param spikeFactor how many times its route's median a cold spike takes at least
	 * @param spikeIdle how long a route must have been idle before a cold spike
	 */
	public RequestStatistics(int maxRoutes, long maxMemoryBytes, double spikeFactor, Duration spikeIdle) {
		this.maxRoutes = maxRoutes;
		this.maxMemoryBytes = maxMemoryBytes;
		this.spikeDetection = new SpikeDetection(spikeFactor, spikeIdle.toNanos());
		this.state = new State(maxRoutes, maxMemoryBytes, null);
	}

	/**
	 * Return when a request counts as a cold spike.
	 * @return the spike detection these statistics were created with
	 */
	public SpikeDetection spikeDetection() {
		return this.spikeDetection;
	}

	/**
	 * Return whether requests that start now should be probed: what the JVM does during
	 * them measured, the classes they load logged. The request path asks; these
	 * statistics decide.
	 * @return whether the first requests of the reporting window are being probed
	 */
	public boolean probing() {
		return this.probing;
	}

	/**
	 * Forget everything recorded so far and start a new reporting window; the next
	 * request counts as the first again.
	 */
	public void reset() {
		this.classLoadsLogged = this.classLoadLog.start();
		this.state = new State(this.maxRoutes, this.maxMemoryBytes, Instant.now());
		this.probing = true;
	}

	/**
	 * Stop the JVM's class load log these statistics run while probing and delete its
	 * files.
	 */
	@Override
	public void close() {
		this.probing = false;
		this.classLoadLog.close();
	}

	/**
	 * Return the classes the JVM logged as loaded in given windows while probing last.
	 * @param windows the threads and periods whose loads are wanted
	 * @return the loads, or {@code null} when they were not logged
	 */
	@Nullable ClassLoads classLoads(Collection<ClassLoads.Window> windows) {
		return this.classLoadLog.read(windows);
	}

	@Override
	public void record(Route route, String method, int status, CompletedRequest request) {
		record(route, method, request.startNanos(), request.containerNanos(), request.filtersNanos(),
				request.mvcNanos(), request.classesLoaded(), request.cpuNanos(), request);
	}

	@Override
	public void record(Route route, String method, int status, long containerNanos, long filtersNanos, long mvcNanos) {
		// Called directly, not by Tomcat: the request arrived its wall time ago.
		long startNanos = System.nanoTime() - containerNanos - filtersNanos - mvcNanos;
		record(route, method, startNanos, containerNanos, filtersNanos, mvcNanos, CompletedRequest.NOT_MEASURED,
				CompletedRequest.NOT_MEASURED, null);
	}

	private void record(Route route, String method, long startNanos, long containerNanos, long filtersNanos,
			long mvcNanos, long classesLoaded, long cpuNanos, @Nullable CompletedRequest parts) {
		State state = this.state;
		int methodIndex = RequestMethods.index(method);
		int index = route.index() * RequestMethods.COUNT + methodIndex;
		RouteStatistics statistics = state.routes.get(index);
		if (statistics == null) {
			statistics = add(state, index, route.uri(), RequestMethods.name(methodIndex));
		}
		if (statistics != NOT_STORED) {
			statistics.record(startNanos, containerNanos, filtersNanos, mvcNanos, classesLoaded, cpuNanos,
					this.spikeDetection, this.classLoadsLogged, parts);
			state.phases.record(containerNanos, filtersNanos, mvcNanos);
		}
		else {
			state.otherRequests.incrementAndGet();
		}
		if (this.probing && (state.requestsSinceNewRoute.incrementAndGet() > PROBE_REQUESTS
				|| System.nanoTime() - state.lastNewRouteNanos > PROBE_WINDOW_NANOS)) {
			this.probing = false;
			// After the response: the client does not wait for the JVM's diagnostic
			// command.
			this.classLoadLog.stop();
		}
	}

	private RouteStatistics add(State state, int index, String route, String method) {
		RouteStatistics added = state.budget.reserve(RouteStatistics.BYTES)
				? new RouteStatistics(route, method, state.budget) : NOT_STORED;
		if (!state.routes.compareAndSet(index, null, added)) {
			if (added != NOT_STORED) {
				state.budget.release(RouteStatistics.BYTES);
			}
			return state.routes.get(index);
		}
		if (added != NOT_STORED) {
			state.lastNewRouteNanos = System.nanoTime();
			state.requestsSinceNewRoute.set(0);
		}
		else {
			state.otherRoutes.incrementAndGet();
			if (this.capLogged.compareAndSet(false, true)) {
				logger.info("The endpoint's request statistics reached their cap of " + this.maxMemoryBytes / 1024
						+ " KB (tomcat-latency.report.max-memory): the requests of " + method + " " + route
						+ " and further methods and routes are counted, not stored");
			}
		}
		return added;
	}

	/**
	 * Read the statistics of every method and route recorded so far, reusing one copy of
	 * a histogram for every route.
	 * @return the statistics, which requests recording meanwhile do not change
	 */
	public StatisticsSnapshot snapshot() {
		State state = this.state;
		HistogramSnapshot route = new HistogramSnapshot();
		HistogramSnapshot total = new HistogramSnapshot();
		long[] phaseNanos = new long[PHASES];
		List<RouteSnapshot> routes = new ArrayList<>();
		for (int i = 0; i < state.routes.length(); i++) {
			RouteStatistics statistics = state.routes.get(i);
			if (statistics != null && statistics != NOT_STORED) {
				RouteSnapshot snapshot = statistics.snapshot(route.reset());
				total.add(route);
				for (int phase = 0; phase < PHASES; phase++) {
					phaseNanos[phase] += snapshot.phaseNanos()[phase];
				}
				routes.add(snapshot);
			}
		}
		StatisticsSnapshot.Cap cap = new StatisticsSnapshot.Cap(state.budget.usedBytes(), state.budget.maxBytes(),
				state.otherRoutes.get(), state.otherRequests.get());
		return new StatisticsSnapshot(state.since, routes, total, state.phases.snapshots(phaseNanos), cap);
	}

	private static final class State {

		private final AtomicReferenceArray<@Nullable RouteStatistics> routes;

		private final @Nullable Instant since;

		private volatile long lastNewRouteNanos = System.nanoTime();

		private final AtomicLong requestsSinceNewRoute = new AtomicLong();

		private final MemoryBudget budget;

		private final ApplicationPhases phases = new ApplicationPhases();

		private final AtomicInteger otherRoutes = new AtomicInteger();

		// Not a LongAdder: its cells, one per contending CPU, would be heap outside the
		// cap. One atomic add per request kept out, where a stored one makes several.
		private final AtomicLong otherRequests = new AtomicLong();

		State(int maxRoutes, long maxMemoryBytes, @Nullable Instant since) {
			this.routes = new AtomicReferenceArray<>(maxRoutes * RequestMethods.COUNT);
			this.since = since;
			this.budget = new MemoryBudget(maxMemoryBytes,
					ApplicationPhases.BYTES + (long) this.routes.length() * Integer.BYTES);
		}

	}

}
