package io.github.tomcatlatency.phase.internal;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.BooleanSupplier;

import io.github.tomcatlatency.phase.CompletedRequest;

/**
 * Measures what the JVM did during a request, the classes it loaded and the CPU time of
 * the request's thread, while armed: around the first requests of the routes, to tell why
 * they were slow. Whoever keeps those requests' statistics arms it; disarmed, it costs a
 * request what asking costs, one volatile read.
 */
public final class ColdRequestProbe {

	private final ClassLoadingMXBean classLoading = ManagementFactory.getClassLoadingMXBean();

	private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

	private final BooleanSupplier armed;

	/**
	 * Create a probe.
	 * @param armed whether requests that start now are measured, asked at the start of
	 * each request
	 */
	public ColdRequestProbe(BooleanSupplier armed) {
		this.armed = armed;
	}

	boolean armed() {
		return this.armed.getAsBoolean();
	}

	void start(PhaseClock clock) {
		clock.probeStarted(this.classLoading.getTotalLoadedClassCount(), cpuNanos());
	}

	void end(PhaseClock clock) {
		clock.probeEnded(this.classLoading.getTotalLoadedClassCount(), cpuNanos());
	}

	private long cpuNanos() {
		// Off when the JVM does not support it or was told not to measure it.
		return (this.threads.isCurrentThreadCpuTimeSupported() && this.threads.isThreadCpuTimeEnabled())
				? this.threads.getCurrentThreadCpuTime() : CompletedRequest.NOT_MEASURED;
	}

}
