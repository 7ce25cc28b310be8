package io.github.tomcatlatency.report;

import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import org.jspecify.annotations.Nullable;

/**
 * One request's container time in its {@link ContainerPart parts}, in milliseconds, and
 * the part that held most of it: where to look first when the container is slow.
 *
 * @param connectorMs reading the request line and headers, and mapping
 * @param valvesInMs the valves before the filter chain
 * @param valvesOutMs the valves after it, the error page dispatch included
 * @param responseMs finishing the response: commit, write, flush
 * @param largest the {@link ContainerPart#tagValue() name} of the part that held most of
 * the container time
 * @param resourceLookups the lookups Tomcat's resource sets made for the request, or
 * {@code null} when they were not counted
 * @param resourceLookupMs their time, which overlaps the parts and phases, or
 * {@code null} when they were not counted
 * @param resourceSet the jar or directory of the slowest lookup, or {@code null} when
 * there was none
 */
public record ContainerParts(double connectorMs, double valvesInMs, double valvesOutMs, double responseMs,
		String largest, @Nullable Long resourceLookups, @Nullable Double resourceLookupMs,
		@Nullable String resourceSet) {

	private static final ContainerPart[] PARTS = ContainerPart.values();

	/**
	 * Return the parts of a completed request.
	 * @param request the request, read during the call
	 * @return its parts, or {@code null} when they were not measured
	 */
	static @Nullable ContainerParts of(@Nullable CompletedRequest request) {
		if (request == null || request.containerPartNanos(ContainerPart.CONNECTOR) == CompletedRequest.NOT_MEASURED) {
			return null;
		}
		long[] nanos = new long[PARTS.length];
		for (ContainerPart part : PARTS) {
			nanos[part.ordinal()] = request.containerPartNanos(part);
		}
		long lookups = request.resourceLookups();
		boolean counted = lookups != CompletedRequest.NOT_MEASURED;
		return of(nanos, counted ? lookups : null, counted ? Milliseconds.of(request.resourceLookupNanos()) : null,
				request.slowestResourceSet());
	}

	/**
	 * Return the parts from their durations.
	 * @param nanos the duration of each part, by {@link ContainerPart#ordinal()}
	 * @param lookups the resource lookups, or {@code null}
	 * @param lookupMs their time, or {@code null}
	 * @param resourceSet the set of the slowest, or {@code null}
	 * @return the parts
	 */
	static ContainerParts of(long[] nanos, @Nullable Long lookups, @Nullable Double lookupMs,
			@Nullable String resourceSet) {
		ContainerPart largest = ContainerPart.CONNECTOR;
		for (ContainerPart part : PARTS) {
			if (nanos[part.ordinal()] > nanos[largest.ordinal()]) {
				largest = part;
			}
		}
		return new ContainerParts(Milliseconds.of(nanos[ContainerPart.CONNECTOR.ordinal()]),
				Milliseconds.of(nanos[ContainerPart.VALVES_IN.ordinal()]),
				Milliseconds.of(nanos[ContainerPart.VALVES_OUT.ordinal()]),
				Milliseconds.of(nanos[ContainerPart.RESPONSE.ordinal()]), largest.tagValue(), lookups, lookupMs,
				resourceSet);
	}

}
