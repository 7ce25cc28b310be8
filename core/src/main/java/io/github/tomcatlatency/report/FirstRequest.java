package io.github.tomcatlatency.report;

import io.github.tomcatlatency.phase.CompletedRequest;

/**
 * The first request to arrive of one method and route.
 *
 * @param startNanos when Tomcat started reading it, on the {@link System#nanoTime()}
 * scale
 * @param split its time and phases
 * @param classesLoaded the classes the JVM loaded while it ran, or
 * {@link CompletedRequest#NOT_MEASURED}
 * @param cpuNanos the CPU time of its thread, or {@link CompletedRequest#NOT_MEASURED}
 */
record FirstRequest(long startNanos, Split split, long classesLoaded, long cpuNanos) {

	boolean arrivedBefore(FirstRequest other) {
		// nanoTime values compare by their difference: they may wrap.
		return this.startNanos - other.startNanos < 0;
	}

}
