package io.github.tomcatlatency.phase;

import org.jspecify.annotations.Nullable;

/**
 * What a {@link PhaseRecorder} may read of a completed request beyond its phases. A view
 * of state that Tomcat recycles with the request: read it during
 * {@link PhaseRecorder#record(Route, String, int, CompletedRequest)}, never keep it.
 */
public interface CompletedRequest {

	/**
	 * Returned by the measurements of a request that was not measured.
	 */
	long NOT_MEASURED = -1;

	/**
	 * Return when Tomcat started reading the request, on the {@link System#nanoTime()}
	 * scale: it orders requests by arrival.
	 * @return the arrival time
	 */
	long startNanos();

	/**
	 * Return the time in {@link Phase#CONTAINER}.
	 * @return nanoseconds
	 */
	long containerNanos();

	/**
	 * Return the time in {@link Phase#FILTERS}.
	 * @return nanoseconds
	 */
	long filtersNanos();

	/**
	 * Return the time in {@link Phase#MVC}.
	 * @return nanoseconds
	 */
	long mvcNanos();

	/**
	 * Return the time in one part of {@link Phase#CONTAINER}: the parts add up to
	 * {@link #containerNanos()} to the nanosecond.
	 * @param part the part
	 * @return nanoseconds, or {@link #NOT_MEASURED} when the request's parts were not
	 * measured
	 */
	default long containerPartNanos(ContainerPart part) {
		return NOT_MEASURED;
	}

	/**
	 * Return how many lookups Tomcat's resource sets made for the request, wherever they
	 * ran (the mapper, the default servlet, {@code ServletContext.getResource}): each set
	 * asked on a miss of Tomcat's resource cache counts one, whether it answered or was
	 * only walked.
	 * @return the lookups, or {@link #NOT_MEASURED} when they were not counted
	 */
	default long resourceLookups() {
		return NOT_MEASURED;
	}

	/**
	 * Return the time of the request's {@link #resourceLookups() resource lookups}. They
	 * overlap the phases and parts: the mapper's are in the connector, the default
	 * servlet's in the valves or filters, a controller's in Spring MVC.
	 * @return nanoseconds, or {@link #NOT_MEASURED}
	 */
	default long resourceLookupNanos() {
		return NOT_MEASURED;
	}

	/**
	 * Return the resource set of the request's slowest lookup: the file name of its jar
	 * or directory.
	 * @return the name, or {@code null} when the request made no lookup or they were not
	 * counted
	 */
	default @Nullable String slowestResourceSet() {
		return null;
	}

	/**
	 * Return the class of the valve that held most of a part's time: the engine's valves
	 * after tomcat-latency's, the host's and the context's, each timed without the valves
	 * it calls. Only requests that the cold-request probe measured time their valves.
	 * @param part {@link ContainerPart#VALVES_IN} or {@link ContainerPart#VALVES_OUT}
	 * @return the valve's class name, or {@code null} when the request's valves were not
	 * timed, for another part, or when no valve took time in the part
	 */
	default @Nullable String slowestValve(ContainerPart part) {
		return null;
	}

	/**
	 * Return the time in a part of the {@link #slowestValve(ContainerPart) valve that
	 * held most of it}.
	 * @param part {@link ContainerPart#VALVES_IN} or {@link ContainerPart#VALVES_OUT}
	 * @return nanoseconds, {@code 0} when no valve took time in the part, or
	 * {@link #NOT_MEASURED} when the request's valves were not timed or for another part
	 */
	default long slowestValveNanos(ContainerPart part) {
		return NOT_MEASURED;
	}

	/**
	 * Return how many classes the JVM loaded while the request ran, on any thread: only
	 * requests that the cold-request probe measured know it.
	 * @return the classes loaded, or {@link #NOT_MEASURED}
	 */
	long classesLoaded();

	/**
	 * Return the CPU time of the thread that served the request, from the start of its
	 * first dispatch to its completion, when both ran on that thread and the JVM measures
	 * thread CPU time: only requests that the cold-request probe measured know it.
	 * @return nanoseconds, or {@link #NOT_MEASURED}
	 */
	long cpuNanos();

}
