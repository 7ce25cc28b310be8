package io.github.tomcatlatency.report;

import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.statistics.RecordedContainerParts;
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
 * @param valve when the largest part is valves-in or valves-out, the class of the valve
 * that held most of it, or {@code null}
 * @param valveMs that valve's time in the largest part, or {@code null}
 * @param valveUnknown when the largest part is valves-in or valves-out and no valve is
 * named, why: {@value #VALVE_NOT_TIMED}, {@value #VALVE_PIPELINE_UNKNOWN} or
 * {@value #VALVE_NONE}; otherwise {@code null}
 */
public record ContainerParts(double connectorMs, double valvesInMs, double valvesOutMs, double responseMs,
		String largest, @Nullable Long resourceLookups, @Nullable Double resourceLookupMs, @Nullable String resourceSet,
		@Nullable String valve, @Nullable Double valveMs, @Nullable String valveUnknown) {

	/**
	 * The request's valves were not timed: only the requests the cold-request probe
	 * measures are, the first ones of each route.
	 */
	public static final String VALVE_NOT_TIMED = "not-timed";

	/**
	 * Tomcat's pipelines could not be marked (a pipeline that is not a
	 * {@code StandardPipeline}): no request's valves are timed.
	 */
	public static final String VALVE_PIPELINE_UNKNOWN = "pipeline-not-instrumented";

	/**
	 * The valves were timed and none took time in the part: it went to the servlet's
	 * wrapper or to tomcat-latency's own valve.
	 */
	public static final String VALVE_NONE = "no-valve";

	/**
	 * Create parts that name no valve.
	 * @param connectorMs reading the request line and headers, and mapping
	 * @param valvesInMs the valves before the filter chain
	 * @param valvesOutMs the valves after it
	 * @param responseMs finishing the response
	 * @param largest the name of the part that held most of the container time
	 * @param resourceLookups the resource lookups, or {@code null}
	 * @param resourceLookupMs their time, or {@code null}
	 * @param resourceSet the set of the slowest, or {@code null}
	 */
	public ContainerParts(double connectorMs, double valvesInMs, double valvesOutMs, double responseMs, String largest,
			@Nullable Long resourceLookups, @Nullable Double resourceLookupMs, @Nullable String resourceSet) {
		this(connectorMs, valvesInMs, valvesOutMs, responseMs, largest, resourceLookups, resourceLookupMs, resourceSet,
				null, null, null);
	}

	/**
	 * Return the parts of a recorded request.
	 * @param recorded the parts as recorded, in nanoseconds, or {@code null}
	 * @return its parts, or {@code null} when they were not measured
	 */
	static @Nullable ContainerParts of(@Nullable RecordedContainerParts recorded) {
		if (recorded == null) {
			return null;
		}
		long lookups = recorded.resourceLookups();
		boolean counted = lookups != CompletedRequest.NOT_MEASURED;
		ContainerParts parts = of(recorded.partNanos(), counted ? lookups : null,
				counted ? Milliseconds.of(recorded.resourceLookupNanos()) : null, recorded.resourceSet());
		ContainerPart largest = recorded.largest();
		if (largest != ContainerPart.VALVES_IN && largest != ContainerPart.VALVES_OUT) {
			return parts;
		}
		long valveNanos = recorded.valveNanos();
		String valve = recorded.valve();
		String unknown = null;
		if (valve == null) {
			unknown = (valveNanos == 0) ? VALVE_NONE
					: recorded.valvesTimed() ? VALVE_NOT_TIMED : VALVE_PIPELINE_UNKNOWN;
		}
		return new ContainerParts(parts.connectorMs, parts.valvesInMs, parts.valvesOutMs, parts.responseMs,
				parts.largest, parts.resourceLookups, parts.resourceLookupMs, parts.resourceSet, valve,
				(valve != null) ? Milliseconds.of(valveNanos) : null, unknown);
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
		ContainerPart largest = RecordedContainerParts.largest(nanos);
		return new ContainerParts(Milliseconds.of(nanos[ContainerPart.CONNECTOR.ordinal()]),
				Milliseconds.of(nanos[ContainerPart.VALVES_IN.ordinal()]),
				Milliseconds.of(nanos[ContainerPart.VALVES_OUT.ordinal()]),
				Milliseconds.of(nanos[ContainerPart.RESPONSE.ordinal()]), largest.tagValue(), lookups, lookupMs,
				resourceSet);
	}

}
