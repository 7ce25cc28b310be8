package io.github.tomcatlatency.report;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Function;

import io.github.tomcatlatency.phase.Phase;

/**
 * The histograms of one method and route, the total and each phase, in one or more
 * stripes. Recording into one stripe is eight atomic updates of shared counters: threads
 * recording the same route at once on different CPUs would take turns on each. So a route
 * starts with one stripe and, the first time a thread finds that another recorded into
 * its stripe meanwhile, splits into {@link #MAX_STRIPES}, each thread recording into the
 * one its id picks. A route never recorded concurrently keeps one stripe, and its four
 * histograms only.
 */
final class RouteHistograms {

	/**
	 * Most stripes a route splits into: up to four, so that two threads at once share one
	 * at most a quarter of the time, while a split route takes at most four times the
	 * memory.
	 */
	static final int MAX_STRIPES = (Runtime.getRuntime().availableProcessors() > 1) ? 4 : 1;

	private static final Phase[] PHASES = Phase.values();

	private static final VarHandle STRIPES;

	static {
		try {
			STRIPES = MethodHandles.lookup().findVarHandle(RouteHistograms.class, "stripes", Stripe[].class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private volatile Stripe[] stripes = { new Stripe() };

	/**
	 * Return the stripe the current thread records into.
	 * @return the stripe
	 */
	Stripe stripe() {
		Stripe[] stripes = this.stripes;
		return stripes[threadIndex() & (stripes.length - 1)];
	}

	/**
	 * Record a request into the current thread's stripe, splitting the route into more
	 * stripes if another thread recorded into the same one meanwhile.
	 * @param stripe the current thread's stripe
	 * @param totalNanos the request's total time
	 * @param containerNanos its time in the container
	 * @param filtersNanos its time in the filters
	 * @param mvcNanos its time in Spring MVC
	 */
	void record(Stripe stripe, long totalNanos, long containerNanos, long filtersNanos, long mvcNanos) {
		long before = stripe.total.count();
		stripe.total.record(totalNanos);
		// Only reads: a count that grew by more than this request is another thread's
		// request recorded at the same time.
		boolean concurrent = stripe.total.count() - before > 1;
		stripe.phases[Phase.CONTAINER.ordinal()].record(containerNanos);
		stripe.phases[Phase.FILTERS.ordinal()].record(filtersNanos);
		stripe.phases[Phase.MVC.ordinal()].record(mvcNanos);
		if (concurrent) {
			split();
		}
	}

	private void split() {
		Stripe[] current = this.stripes;
		if (current.length >= MAX_STRIPES) {
			return;
		}
		Stripe[] split = new Stripe[MAX_STRIPES];
		System.arraycopy(current, 0, split, 0, current.length);
		for (int i = current.length; i < split.length; i++) {
			split[i] = new Stripe();
		}
		// A thread that split meanwhile has done the same: either array will do.
		STRIPES.compareAndSet(this, current, split);
	}

	int stripeCount() {
		return this.stripes.length;
	}

	/**
	 * Return a copy of the total, the stripes merged, that requests recording meanwhile
	 * do not change.
	 * @return the copy
	 */
	DurationHistogram.Snapshot totalSnapshot() {
		return merged((stripe) -> stripe.total);
	}

	/**
	 * Return copies of each phase, the stripes merged, indexed by
	 * {@link Phase#ordinal()}.
	 * @return the copies
	 */
	DurationHistogram.Snapshot[] phaseSnapshots() {
		DurationHistogram.Snapshot[] snapshots = new DurationHistogram.Snapshot[PHASES.length];
		for (Phase phase : PHASES) {
			snapshots[phase.ordinal()] = merged((stripe) -> stripe.phases[phase.ordinal()]);
		}
		return snapshots;
	}

	private DurationHistogram.Snapshot merged(Function<Stripe, DurationHistogram> histogram) {
		Stripe[] stripes = this.stripes;
		DurationHistogram.Snapshot snapshot = histogram.apply(stripes[0]).snapshot();
		for (int i = 1; i < stripes.length; i++) {
			snapshot.add(histogram.apply(stripes[i]));
		}
		return snapshot;
	}

	// Thread.threadId(), which replaces getId(), is Java 19's; the id is the same.
	@SuppressWarnings("deprecation")
	private static int threadIndex() {
		// Tomcat's worker threads are created one after another: consecutive ids spread
		// them over the stripes.
		return (int) Thread.currentThread().getId();
	}

	/**
	 * The histograms that some of the threads record into.
	 */
	static final class Stripe {

		private final DurationHistogram total = new DurationHistogram();

		private final DurationHistogram[] phases = { new DurationHistogram(), new DurationHistogram(),
				new DurationHistogram() };

		/**
		 * Return how many requests this stripe recorded.
		 * @return the count
		 */
		long count() {
			return this.total.count();
		}

		/**
		 * Return the median total of this stripe's requests so far, read while requests
		 * may still record.
		 * @return the median in nanoseconds
		 */
		long medianNanos() {
			return this.total.medianNanos();
		}

	}

}
