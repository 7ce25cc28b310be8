package io.github.tomcatlatency.phase.internal;

import java.util.Arrays;
import java.util.function.LongSupplier;

import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.Phase;
import org.jspecify.annotations.Nullable;

/**
 * Splits one request's wall time between the {@link Phase phases}. One instance lives on
 * each of Tomcat's {@link org.apache.coyote.Request coyote requests}, which Tomcat
 * recycles, so steady-state traffic allocates none.
 * <p>
 * Time is accumulated on each phase transition. Nested dispatches (forwards and includes
 * from inside the servlet) only deepen the current phase, so no interval is counted
 * twice. While an asynchronous request is between dispatches its time belongs to
 * {@link Phase#MVC}: the application owns the response then. Transitions of one request
 * happen one after another, ordered by Tomcat's asynchronous state machine, so the fields
 * need no synchronisation.
 * <p>
 * Container time is further split into {@link ContainerPart parts}: the connector until
 * the first dispatch enters the engine's pipeline, the valves before the outermost filter
 * chain of a dispatch and after it, and the response after the last dispatch left the
 * pipeline. The response is what the others leave of the container time, so the parts add
 * up to it exactly, whatever the clamps below took.
 */
final class PhaseClock implements CompletedRequest {

	/**
	 * Index of the coyote request note that holds the clock. Tomcat reserves 0 to 16 for
	 * the container and its connectors and leaves 17 to 31 unallocated.
	 */
	static final int NOTE = 29;

	private static final long NOT_STARTED = Long.MIN_VALUE;

	private static final ContainerPart[] PARTS = ContainerPart.values();

	// The most valves a dispatch nests that are told apart: the innermost beyond it are
	// timed as the one that encloses them.
	private static final int MAX_VALVE_DEPTH = 16;

	/**
	 * The clock of the dispatch on each thread, in a holder that is set once per thread:
	 * a {@link ThreadLocal#set} per request would scan the thread's map for stale
	 * entries.
	 */
	private static final ThreadLocal<CurrentClock> current = ThreadLocal.withInitial(CurrentClock::new);

	private long requestStartNanos = NOT_STARTED;

	private Phase phase = Phase.CONTAINER;

	private long phaseStartNanos;

	private long filtersNanos;

	private long mvcNanos;

	private int filtersDepth;

	private int mvcDepth;

	private @Nullable String route;

	private long containerNanos;

	private ContainerPart part = ContainerPart.CONNECTOR;

	// Indexed by ContainerPart.ordinal(); one array per clock, reused by its requests.
	private final long[] partNanos = new long[PARTS.length];

	private long completedStartNanos;

	private RequestCounting counting = RequestCounting.RECORDED;

	private long probeStartClasses = NOT_MEASURED;

	private long probeStartCpuNanos = NOT_MEASURED;

	private @Nullable Thread probeThread;

	private long classesLoaded = NOT_MEASURED;

	private long resourceLookups;

	private long resourceLookupNanos;

	private @Nullable TimedResourceSet slowestResourceSet;

	private long slowestLookupNanos;

	private long cpuNanos = NOT_MEASURED;

	// Per valve timing, only for requests the probe measures: valveNanos is allocated on
	// the clock's first such request and reused, valves-in's by slot, then valves-out's.
	private boolean timingValves;

	private long @Nullable [] valveNanos;

	private final int[] valveStack = new int[MAX_VALVE_DEPTH];

	private int valveDepth;

	/**
	 * Return the clock of the request being dispatched on this thread.
	 * @return the clock, or {@code null} outside a dispatch timed by {@link PhaseValve}
	 */
	static @Nullable PhaseClock current() {
		return current.get().clock;
	}

	/**
	 * Return this thread's slot for the clock of the dispatch it runs, to set the clock
	 * when a dispatch enters the container and clear it when the dispatch leaves with one
	 * thread-local lookup.
	 * @return this thread's slot
	 */
	static CurrentClock currentSlot() {
		return current.get();
	}

	/**
	 * Called when a dispatch of the request enters the container, the first or a later
	 * asynchronous one.
	 * @param requestStartNanos when Tomcat started reading the request
	 * @param now the current time: for the first dispatch it ends the connector's part
	 * @return whether this is the request's first dispatch, which decides what the
	 * request {@link #countAs counts as}
	 */
	boolean dispatchStarted(long requestStartNanos, LongSupplier now) {
		if (this.requestStartNanos != requestStartNanos) {
			this.counting = RequestCounting.RECORDED;
			this.requestStartNanos = requestStartNanos;
			this.phase = Phase.CONTAINER;
			this.phaseStartNanos = requestStartNanos;
			this.filtersNanos = 0;
			this.mvcNanos = 0;
			this.filtersDepth = 0;
			this.mvcDepth = 0;
			this.route = null;
			this.probeThread = null;
			this.classesLoaded = NOT_MEASURED;
			this.cpuNanos = NOT_MEASURED;
			for (int i = 0; i < this.partNanos.length; i++) {
				this.partNanos[i] = 0;
			}
			this.part = ContainerPart.CONNECTOR;
			this.resourceLookups = 0;
			this.resourceLookupNanos = 0;
			this.slowestResourceSet = null;
			this.slowestLookupNanos = 0;
			long[] valveNanos = this.valveNanos;
			if (this.timingValves && valveNanos != null) {
				Arrays.fill(valveNanos, 0);
			}
			this.timingValves = false;
			this.valveDepth = 0;
			switchTo(Phase.CONTAINER, now.getAsLong());
			this.part = ContainerPart.VALVES_IN;
			return true;
		}
		this.valveDepth = 0;
		switchTo(Phase.CONTAINER, now.getAsLong());
		this.part = ContainerPart.VALVES_IN;
		return false;
	}

	/**
	 * Called when a dispatch leaves the container.
	 * @param async whether the request continues asynchronously
	 * @param now the current time
	 */
	void dispatchEnded(boolean async, LongSupplier now) {
		if (async) {
			switchTo(Phase.MVC, now.getAsLong());
		}
		else {
			// A forward or include never leaves the pipeline: this is the request's last
			// dispatch, and what follows until Tomcat logs it finishes the response.
			switchTo(Phase.CONTAINER, now.getAsLong());
			this.part = ContainerPart.RESPONSE;
		}
	}

	/**
	 * Called when a request crosses a phase boundary inwards.
	 * @param boundary the phase whose boundary it crosses
	 * @param now the current time
	 * @return whether it entered the outermost boundary of that phase, {@code false} for
	 * a forward or include from inside it
	 */
	boolean enter(Phase boundary, long now) {
		if (incrementDepth(boundary) != 1) {
			return false;
		}
		switchTo(boundary, now);
		return true;
	}

	/**
	 * Called when a request leaves a phase boundary.
	 * @param boundary the phase whose boundary it leaves
	 * @param now the current time
	 * @return whether it left the outermost boundary of that phase
	 */
	boolean exit(Phase boundary, long now) {
		if (decrementDepth(boundary) != 0) {
			return false;
		}
		switchTo(enclosing(boundary), now);
		if (boundary == Phase.FILTERS) {
			this.part = ContainerPart.VALVES_OUT;
		}
		return true;
	}

	/**
	 * Keep the route of the first dispatch that found one: a later error dispatch to
	 * {@code /error} must not replace the route of the request that failed.
	 * @param route the pattern the servlet matched
	 */
	void captureRoute(String route) {
		if (this.route == null) {
			this.route = route;
		}
	}

	/**
	 * Close the clock when Tomcat logs the request, at most once per request. The split
	 * can then be read until the next request on the same connection starts.
	 * @param requestStartNanos when Tomcat started reading the request being logged
	 * @param totalNanos the request's wall time as Tomcat measured it
	 * @return whether the clock timed this request and was still open
	 */
	boolean complete(long requestStartNanos, long totalNanos) {
		if (this.requestStartNanos != requestStartNanos) {
			return false;
		}
		this.requestStartNanos = NOT_STARTED;
		this.completedStartNanos = requestStartNanos;
		switchTo(Phase.CONTAINER, requestStartNanos + totalNanos);
		// Tomcat read its clock before a racing transition: clamp, so the phases add up.
		this.mvcNanos = Math.min(this.mvcNanos, totalNanos);
		this.filtersNanos = Math.min(this.filtersNanos, totalNanos - this.mvcNanos);
		this.containerNanos = totalNanos - this.filtersNanos - this.mvcNanos;
		// The same clamps for the parts: each takes at most what the ones before it left,
		// and the response takes the rest, so that they add up to the container time.
		long left = this.containerNanos;
		for (int i = 0; i < this.partNanos.length - 1; i++) {
			this.partNanos[i] = Math.min(this.partNanos[i], left);
			left -= this.partNanos[i];
		}
		this.partNanos[this.partNanos.length - 1] = left;
		return true;
	}

	/**
	 * Count lookups in Tomcat's resource sets made for this request.
	 * @param set the set of the slowest of them
	 * @param lookups how many
	 * @param nanos their time
	 * @param slowestNanos the time of the slowest
	 */
	void lookedUp(TimedResourceSet set, long lookups, long nanos, long slowestNanos) {
		this.resourceLookups += lookups;
		this.resourceLookupNanos += nanos;
		if (slowestNanos > this.slowestLookupNanos) {
			this.slowestLookupNanos = slowestNanos;
			this.slowestResourceSet = set;
		}
	}

	/**
	 * Keep what the current request counts as, decided on its first dispatch.
	 * @param counting what it counts as
	 */
	void countAs(RequestCounting counting) {
		this.counting = counting;
	}

	/**
	 * Keep what a {@link ColdRequestProbe} read when the request's first dispatch
	 * started.
	 * @param classes the classes the JVM had loaded
	 * @param cpuNanos the thread's CPU time, or {@link #NOT_MEASURED}
	 */
	void probeStarted(long classes, long cpuNanos) {
		this.probeStartClasses = classes;
		this.probeStartCpuNanos = cpuNanos;
		this.probeThread = Thread.currentThread();
		if (ValveTiming.instrumented()) {
			if (this.valveNanos == null) {
				this.valveNanos = new long[2 * ValveTiming.MAX_VALVES];
			}
			this.timingValves = true;
		}
	}

	/**
	 * Return whether the {@link ValveMark marks} tell this clock when each valve is
	 * entered and left: while the probe measures the request.
	 * @return whether the request's valves are timed
	 */
	boolean timingValves() {
		return this.timingValves;
	}

	/**
	 * Called by a {@link ValveMark} when its valve is entered: the time until the next
	 * mark or phase transition is that valve's.
	 * @param slot the valve's {@link ValveTiming} slot
	 * @param now the current time
	 */
	void valveEntered(int slot, long now) {
		switchTo(this.phase, now);
		if (this.valveDepth < MAX_VALVE_DEPTH) {
			this.valveStack[this.valveDepth] = slot;
		}
		this.valveDepth++;
	}

	/**
	 * Called by a {@link ValveMark} when its valve returned: the time from now is the
	 * enclosing valve's again.
	 * @param now the current time
	 */
	void valveLeft(long now) {
		switchTo(this.phase, now);
		if (this.valveDepth > 0) {
			this.valveDepth--;
		}
	}

	/**
	 * Return whether a {@link ColdRequestProbe} measures this request.
	 * @return whether it was measured from its start
	 */
	boolean probed() {
		return this.probeThread != null;
	}

	/**
	 * Keep what a {@link ColdRequestProbe} read when the request completed.
	 * @param classes the classes the JVM has loaded
	 * @param cpuNanos the thread's CPU time, or {@link #NOT_MEASURED}
	 */
	void probeEnded(long classes, long cpuNanos) {
		this.classesLoaded = classes - this.probeStartClasses;
		// An asynchronous request completes on another thread, whose CPU time says
		// nothing of this one's.
		boolean sameThread = this.probeThread == Thread.currentThread();
		this.cpuNanos = (sameThread && cpuNanos != NOT_MEASURED && this.probeStartCpuNanos != NOT_MEASURED)
				? cpuNanos - this.probeStartCpuNanos : NOT_MEASURED;
		this.probeThread = null;
	}

	RequestCounting counting() {
		return this.counting;
	}

	@Nullable String route() {
		return this.route;
	}

	@Override
	public long startNanos() {
		return this.completedStartNanos;
	}

	@Override
	public long containerNanos() {
		return this.containerNanos;
	}

	@Override
	public long filtersNanos() {
		return this.filtersNanos;
	}

	@Override
	public long mvcNanos() {
		return this.mvcNanos;
	}

	@Override
	public long containerPartNanos(ContainerPart part) {
		return this.partNanos[part.ordinal()];
	}

	@Override
	public long resourceLookups() {
		return ResourceSetTiming.timing() ? this.resourceLookups : NOT_MEASURED;
	}

	@Override
	public long resourceLookupNanos() {
		return ResourceSetTiming.timing() ? this.resourceLookupNanos : NOT_MEASURED;
	}

	@Override
	public @Nullable String slowestResourceSet() {
		TimedResourceSet set = this.slowestResourceSet;
		return (set != null) ? set.name() : null;
	}

	@Override
	public @Nullable String slowestValve(ContainerPart part) {
		int slot = slowestValveSlot(part);
		return (slot >= 0) ? ValveTiming.name(slot) : null;
	}

	@Override
	public long slowestValveNanos(ContainerPart part) {
		long[] valveNanos = this.valveNanos;
		if (!this.timingValves || valveNanos == null || valveOffset(part) < 0) {
			return NOT_MEASURED;
		}
		int slot = slowestValveSlot(part);
		return (slot >= 0) ? valveNanos[valveOffset(part) + slot] : 0;
	}

	private int slowestValveSlot(ContainerPart part) {
		long[] valveNanos = this.valveNanos;
		int offset = valveOffset(part);
		if (!this.timingValves || valveNanos == null || offset < 0) {
			return -1;
		}
		int slowest = -1;
		for (int i = 0; i < ValveTiming.MAX_VALVES; i++) {
			if (valveNanos[offset + i] > 0 && (slowest < 0 || valveNanos[offset + i] > valveNanos[offset + slowest])) {
				slowest = i;
			}
		}
		return slowest;
	}

	private static int valveOffset(ContainerPart part) {
		return switch (part) {
			case VALVES_IN -> 0;
			case VALVES_OUT -> ValveTiming.MAX_VALVES;
			default -> -1;
		};
	}

	@Override
	public long classesLoaded() {
		return this.classesLoaded;
	}

	@Override
	public long cpuNanos() {
		return this.cpuNanos;
	}

	private void switchTo(Phase next, long now) {
		long elapsed = now - this.phaseStartNanos;
		if (elapsed > 0) {
			if (this.phase == Phase.FILTERS) {
				this.filtersNanos += elapsed;
			}
			else if (this.phase == Phase.MVC) {
				this.mvcNanos += elapsed;
			}
			else {
				this.partNanos[this.part.ordinal()] += elapsed;
				if (this.valveDepth > 0 && this.timingValves) {
					valveElapsed(elapsed);
				}
			}
			this.phaseStartNanos = now;
		}
		this.phase = next;
	}

	private void valveElapsed(long elapsed) {
		long[] valveNanos = this.valveNanos;
		int offset = valveOffset(this.part);
		if (valveNanos != null && offset >= 0) {
			valveNanos[offset + this.valveStack[Math.min(this.valveDepth, MAX_VALVE_DEPTH) - 1]] += elapsed;
		}
	}

	private static Phase enclosing(Phase phase) {
		return (phase == Phase.MVC) ? Phase.FILTERS : Phase.CONTAINER;
	}

	private int incrementDepth(Phase boundary) {
		return (boundary == Phase.MVC) ? ++this.mvcDepth : ++this.filtersDepth;
	}

	private int decrementDepth(Phase boundary) {
		return (boundary == Phase.MVC) ? --this.mvcDepth : --this.filtersDepth;
	}

	/**
	 * A thread's slot for the clock of the dispatch it runs.
	 */
	static final class CurrentClock {

		private @Nullable PhaseClock clock;

		// Lookups made while no dispatch runs: the mapper's, before the engine's
		// pipeline.
		private long pendingLookups;

		private long pendingNanos;

		private long pendingSinceNanos;

		private @Nullable TimedResourceSet pendingSlowest;

		private long pendingSlowestNanos;

		void set(@Nullable PhaseClock clock) {
			this.clock = clock;
		}

		/**
		 * Set the clock of a dispatch, handing it the lookups this thread made since its
		 * request started, before the dispatch: the mapper's. Older ones were made for no
		 * request (a background task) and are dropped.
		 * @param clock the dispatch's clock
		 * @param requestStartNanos when its request started
		 */
		void enter(PhaseClock clock, long requestStartNanos) {
			this.clock = clock;
			if (this.pendingLookups != 0) {
				TimedResourceSet slowest = this.pendingSlowest;
				if (slowest != null && this.pendingSinceNanos - requestStartNanos >= 0) {
					clock.lookedUp(slowest, this.pendingLookups, this.pendingNanos, this.pendingSlowestNanos);
				}
				this.pendingLookups = 0;
				this.pendingNanos = 0;
				this.pendingSlowest = null;
				this.pendingSlowestNanos = 0;
			}
		}

		/**
		 * Count a lookup in a resource set for the dispatch this thread runs, or keep it
		 * for the next dispatch to enter when none runs.
		 * @param set the set
		 * @param start when the lookup started
		 * @param nanos its time
		 */
		void lookedUp(TimedResourceSet set, long start, long nanos) {
			PhaseClock clock = this.clock;
			if (clock != null) {
				clock.lookedUp(set, 1, nanos, nanos);
				return;
			}
			if (this.pendingLookups == 0) {
				this.pendingSinceNanos = start;
			}
			this.pendingLookups++;
			this.pendingNanos += nanos;
			if (nanos >= this.pendingSlowestNanos) {
				this.pendingSlowestNanos = nanos;
				this.pendingSlowest = set;
			}
		}

	}

}
