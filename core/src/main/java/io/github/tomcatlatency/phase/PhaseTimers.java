package io.github.tomcatlatency.phase;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.github.tomcatlatency.phase.internal.RequestMethods;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.http.Outcome;

/**
 * {@link PhaseRecorder} that records each phase in the {@value #METER_NAME} timer, tagged
 * with {@code phase}, {@code method}, {@code uri} and {@code outcome}. Tag values follow
 * Spring's {@code http.server.requests} so the two can be compared. Timers are created on
 * first use and looked up without allocation afterwards.
 */
public final class PhaseTimers implements PhaseRecorder {

	/**
	 * Name of the timer.
	 */
	public static final String METER_NAME = "tomcat.latency.request";

	private static final Outcome[] OUTCOMES = Outcome.values();

	private static final Phase[] PHASES = Phase.values();

	private final MeterRegistry registry;

	private final AtomicReferenceArray<Timer[]> timers;

	/**
	 * Create a recorder.
	 * @param registry the registry for the timers
	 * @param maxRoutes the bound on {@link Route#index()} of the recorded routes
	 */
	public PhaseTimers(MeterRegistry registry, int maxRoutes) {
		this.registry = registry;
		this.timers = new AtomicReferenceArray<>(maxRoutes * RequestMethods.COUNT * OUTCOMES.length);
	}

	@Override
	public void record(Route route, String method, int status, long containerNanos, long filtersNanos, long mvcNanos) {
		Timer[] phaseTimers = timers(route, RequestMethods.index(method), Outcome.forStatus(status));
		phaseTimers[Phase.CONTAINER.ordinal()].record(containerNanos, TimeUnit.NANOSECONDS);
		phaseTimers[Phase.FILTERS.ordinal()].record(filtersNanos, TimeUnit.NANOSECONDS);
		phaseTimers[Phase.MVC.ordinal()].record(mvcNanos, TimeUnit.NANOSECONDS);
	}

	@Override
	public void prepare(Route route, String method, int status) {
		// Registers the timers: a warm-up leaves them at zero but created.
		timers(route, RequestMethods.index(method), Outcome.forStatus(status));
	}

	private Timer[] timers(Route route, int methodIndex, Outcome outcome) {
		int index = (route.index() * RequestMethods.COUNT + methodIndex) * OUTCOMES.length + outcome.ordinal();
		Timer[] phaseTimers = this.timers.get(index);
		if (phaseTimers == null) {
			// A race registers the same timers twice: the registry returns the same ones.
			phaseTimers = register(route.uri(), RequestMethods.name(methodIndex), outcome);
			this.timers.set(index, phaseTimers);
		}
		return phaseTimers;
	}

	private Timer[] register(String uri, String method, Outcome outcome) {
		Timer[] phaseTimers = new Timer[PHASES.length];
		for (Phase phase : PHASES) {
			phaseTimers[phase.ordinal()] = Timer.builder(METER_NAME)
				.description("Time each request spends in Tomcat (container), servlet filters and Spring MVC")
				.tags("phase", phase.tagValue(), "method", method, "uri", uri, "outcome", outcome.name())
				.register(this.registry);
		}
		return phaseTimers;
	}

}
