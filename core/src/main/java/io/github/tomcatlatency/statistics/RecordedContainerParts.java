package io.github.tomcatlatency.statistics;

import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.internal.ValveTiming;
import org.jspecify.annotations.Nullable;

/**
 * One request's container time in its {@link ContainerPart parts} as recorded, in
 * nanoseconds, with what the request told of its resource lookups and of the valve that
 * held most of the largest part. A {@link CompletedRequest} is recycled with Tomcat's
 * request: this is what the report reads of it later.
 *
 * @param partNanos the time in each part, by {@link ContainerPart#ordinal()}
 * @param resourceLookups the lookups Tomcat's resource sets made for the request, or
 * {@link CompletedRequest#NOT_MEASURED}
 * @param resourceLookupNanos their time, or {@link CompletedRequest#NOT_MEASURED}
 * @param resourceSet the jar or directory of the slowest lookup, or {@code null}
 * @param valve when the {@link #largest() largest part} is valves-in or valves-out and a
 * valve took time in it, the class of the valve that held most of it; otherwise
 * {@code null}
 * @param valveNanos when the largest part is valves-in or valves-out, the time of the
 * valve that held most of it, {@code 0} when none took time in it, or
 * {@link CompletedRequest#NOT_MEASURED}; otherwise {@link CompletedRequest#NOT_MEASURED}
 * @param valvesTimed whether Tomcat's pipelines were marked when the request completed,
 * so that a probed request's valves were timed
 */
public record RecordedContainerParts(long[] partNanos, long resourceLookups, long resourceLookupNanos,
		@Nullable String resourceSet, @Nullable String valve, long valveNanos, boolean valvesTimed) {

	private static final ContainerPart[] PARTS = ContainerPart.values();

	/**
	 * Read the parts of a completed request.
	 * @param request the request, read during the call
	 * @return its parts, or {@code null} when they were not measured
	 */
	public static @Nullable RecordedContainerParts of(@Nullable CompletedRequest request) {
		if (request == null || request.containerPartNanos(ContainerPart.CONNECTOR) == CompletedRequest.NOT_MEASURED) {
			return null;
		}
		long[] nanos = new long[PARTS.length];
		for (ContainerPart part : PARTS) {
			nanos[part.ordinal()] = request.containerPartNanos(part);
		}
		ContainerPart largest = largest(nanos);
		long valveNanos = CompletedRequest.NOT_MEASURED;
		String valve = null;
		if (largest == ContainerPart.VALVES_IN || largest == ContainerPart.VALVES_OUT) {
			valveNanos = request.slowestValveNanos(largest);
			valve = (valveNanos > 0) ? request.slowestValve(largest) : null;
		}
		return new RecordedContainerParts(nanos, request.resourceLookups(), request.resourceLookupNanos(),
				request.slowestResourceSet(), valve, valveNanos, ValveTiming.instrumented());
	}

	/**
	 * Return the part that held most of the container time.
	 * @return the largest part
	 */
	public ContainerPart largest() {
		return largest(this.partNanos);
	}

	/**
	 * Return the part that held most of the given container time, the first of equal
	 * ones.
	 * @param partNanos the time in each part, by {@link ContainerPart#ordinal()}
	 * @return the largest part
	 */
	public static ContainerPart largest(long[] partNanos) {
		ContainerPart largest = ContainerPart.CONNECTOR;
		for (ContainerPart part : PARTS) {
			if (partNanos[part.ordinal()] > partNanos[largest.ordinal()]) {
				largest = part;
			}
		}
		return largest;
	}

}
