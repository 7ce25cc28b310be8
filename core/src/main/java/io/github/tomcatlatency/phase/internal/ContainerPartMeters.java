package io.github.tomcatlatency.phase.internal;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.Route;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * {@link PhaseRecorder} that sums each {@link ContainerPart container part} of every
 * recorded request for the application, in one {@value #METER_NAME} function timer per
 * part, tagged {@code part}: four series whatever the routes, so that a flood of paths
 * adds none. A function timer reads a count and a sum, two adds per part and request,
 * where a timer would record into its own distribution: the per-request cost stays a few
 * nanoseconds.
 */
public final class ContainerPartMeters implements PhaseRecorder {

	/**
	 * Name of the function timers.
	 */
	public static final String METER_NAME = "tomcat.latency.container.part";

	private static final ContainerPart[] PARTS = ContainerPart.values();

	private final LongAdder requests = new LongAdder();

	private final LongAdder[] nanos = new LongAdder[PARTS.length];

	/**
	 * Create the meters and register them.
	 * @param registry the registry
	 */
	public ContainerPartMeters(MeterRegistry registry) {
		for (ContainerPart part : PARTS) {
			LongAdder sum = new LongAdder();
			this.nanos[part.ordinal()] = sum;
			FunctionTimer
				.builder(METER_NAME, this, (meters) -> meters.requests.sum(), (meters) -> sum.sum(),
						TimeUnit.NANOSECONDS)
				.description("Time the requests spent in each part of Tomcat's container phase")
				.tags("part", part.tagValue())
				.register(registry);
		}
	}

	@Override
	public void record(Route route, String method, int status, long containerNanos, long filtersNanos, long mvcNanos) {
		// Without the request, its parts are unknown.
	}

	@Override
	public void record(Route route, String method, int status, CompletedRequest request) {
		if (request.containerPartNanos(ContainerPart.CONNECTOR) == CompletedRequest.NOT_MEASURED) {
			return;
		}
		for (ContainerPart part : PARTS) {
			this.nanos[part.ordinal()].add(request.containerPartNanos(part));
		}
		this.requests.increment();
	}

}
