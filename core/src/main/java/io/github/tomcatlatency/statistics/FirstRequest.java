package io.github.tomcatlatency.statistics;

import io.github.tomcatlatency.classload.internal.ClassLoads;
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
 * @param osThreadId the operating system's id of the thread that served it, as the JVM's
 * class load log names it, or {@code -1} when that log did not run
 */
public record FirstRequest(long startNanos, RecordedSplit split, long classesLoaded, long cpuNanos, long osThreadId) {

	/**
	 * Return the thread and period of this request, in which the JVM's class load log
	 * names what it loaded; only when {@link #osThreadId()} is known.
	 * @return the window
	 */
	ClassLoads.Window classLoadWindow() {
		return new ClassLoads.Window(this.osThreadId, this.startNanos, this.startNanos + this.split.totalNanos());
	}

	/**
	 * Return whether this request arrived before another.
	 * @param other the other request
	 * @return whether it arrived first
	 */
	public boolean arrivedBefore(FirstRequest other) {
		// nanoTime values compare by their difference: they may wrap.
		return this.startNanos - other.startNanos < 0;
	}

}
