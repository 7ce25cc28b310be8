package io.github.tomcatlatency.statistics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.Phase;
import org.jspecify.annotations.Nullable;

/**
 * The histogram of the total of one method and route and the exact sum of each phase and
 * of each {@link ContainerPart container part}, in one or more stripes. Recording into
 * one stripe updates shared counters: threads recording the same route at once on
 * different CPUs would take turns on each. So a route starts with one stripe and, the
 * first time a thread finds that another recorded into its stripe meanwhile, splits into
 * {@link #MAX_STRIPES}, each thread recording into the one its id picks, if the
 * {@link MemoryBudget} has room for them. A route never recorded concurrently keeps one
 * stripe. The stripes are what spreads contention: each sum is one {@link AtomicLong},
 * not a {@code LongAdder}, whose cells would grow with the number of CPUs beyond what the
 * budget reserved. The phases' percentiles are the application's
 * ({@link ApplicationPhases}): per route, a histogram of each phase would take four times
 * the memory.
 */
final class RouteHistograms {

	/**
	 * Most stripes a route splits into: two, so that two threads at once share one at
	 * most half of the time, while a split route takes twice the memory.
	 */
	static final int MAX_STRIPES = (Runtime.getRuntime().availableProcessors() > 1) ? 2 : 1;

	/**
	 * The heap one stripe takes: its histogram and sums, whatever the number of CPUs.
	 */
	static final long STRIPE_BYTES = DurationHistogram.BYTES
			+ (Phase.values().length + RouteSnapshot.PART_SUMS) * DurationHistogram.SUM_BYTES;

	private static final VarHandle STRIPES;

	static {
		try {
			STRIPES = MethodHandles.lookup().findVarHandle(RouteHistograms.class, "stripes", Stripe[].class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private static final ContainerPart[] PARTS = ContainerPart.values();

	private final MemoryBudget budget;

	private volatile Stripe[] stripes = { new Stripe() };

	private volatile boolean splitRefused;

	/**
	 * Create the histograms of a route, whose first stripe the caller reserved.
	 * @param budget the budget further stripes are reserved from
	 */
	RouteHistograms(MemoryBudget budget) {
		this.budget = budget;
	}

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
	 * @param parts the request, whose container parts are summed if measured, or
	 * {@code null}
	 */
	void record(Stripe stripe, long totalNanos, long containerNanos, long filtersNanos, long mvcNanos,
			@Nullable CompletedRequest parts) {
		long before = stripe.total.count();
		stripe.total.record(totalNanos);
		// Only reads: a count that grew by more than this request is another thread's
		// request recorded at the same time.
		boolean concurrent = stripe.total.count() - before > 1;
		stripe.phaseNanos[Phase.CONTAINER.ordinal()].addAndGet(containerNanos);
		stripe.phaseNanos[Phase.FILTERS.ordinal()].addAndGet(filtersNanos);
		stripe.phaseNanos[Phase.MVC.ordinal()].addAndGet(mvcNanos);
		if (parts != null && parts.containerPartNanos(ContainerPart.CONNECTOR) != CompletedRequest.NOT_MEASURED) {
			for (int i = 0; i < RouteSnapshot.PART_REQUESTS; i++) {
				stripe.partNanos[i].addAndGet(parts.containerPartNanos(PARTS[i]));
			}
			stripe.partNanos[RouteSnapshot.PART_REQUESTS].incrementAndGet();
			long lookups = parts.resourceLookups();
			// Most requests make none: no write for them.
			if (lookups > 0) {
				stripe.partNanos[RouteSnapshot.LOOKUPS].addAndGet(lookups);
				stripe.partNanos[RouteSnapshot.LOOKUP_NANOS].addAndGet(parts.resourceLookupNanos());
			}
		}
		if (concurrent && !this.splitRefused) {
			split();
		}
	}

	private void split() {
		Stripe[] current = this.stripes;
		if (current.length >= MAX_STRIPES) {
			return;
		}
		if (!this.budget.reserve((MAX_STRIPES - current.length) * STRIPE_BYTES)) {
			// Recorded in fewer stripes, a route is as exact, only slower under
			// contention.
			this.splitRefused = true;
			return;
		}
		Stripe[] split = new Stripe[MAX_STRIPES];
		System.arraycopy(current, 0, split, 0, current.length);
		for (int i = current.length; i < split.length; i++) {
			split[i] = new Stripe();
		}
		// Two threads may split at once: the one whose array is not kept returns what it
		// reserved.
		if (!STRIPES.compareAndSet(this, current, split)) {
			this.budget.release((MAX_STRIPES - current.length) * STRIPE_BYTES);
		}
	}

	/**
	 * Copy the total, the stripes merged, into a snapshot.
	 * @param snapshot the snapshot, reset, that requests recording meanwhile do not
	 * change
	 */
	void copyTotalInto(HistogramSnapshot snapshot) {
		for (Stripe stripe : this.stripes) {
			snapshot.add(stripe.total);
		}
	}

	/**
	 * Return the sum of each phase's durations, the stripes added, indexed by
	 * {@link Phase#ordinal()}.
	 * @return the sums in nanoseconds
	 */
	long[] phaseNanos() {
		long[] sums = new long[Phase.values().length];
		for (Stripe stripe : this.stripes) {
			for (int i = 0; i < sums.length; i++) {
				sums[i] += stripe.phaseNanos[i].get();
			}
		}
		return sums;
	}

	/**
	 * Return the sum of each container part's durations, the stripes added, indexed by
	 * {@link ContainerPart#ordinal()}, then the number of requests that measured them and
	 * their resource lookups, as {@link RouteSnapshot#partNanos()} gives them.
	 * @return the sums in nanoseconds and the count
	 */
	long[] partNanos() {
		long[] sums = new long[RouteSnapshot.PART_SUMS];
		for (Stripe stripe : this.stripes) {
			for (int i = 0; i < sums.length; i++) {
				sums[i] += stripe.partNanos[i].get();
			}
		}
		return sums;
	}

	// Thread.threadId(), which replaces getId(), is Java 19's; the id is the same.
	@SuppressWarnings("deprecation")
	static int threadIndex() {
		// Tomcat's worker threads are created one after another: consecutive ids spread
		// them over the stripes.
		return (int) Thread.currentThread().getId();
	}

	/**
	 * The histogram and sums that some of the threads record into.
	 */
	static final class Stripe {

		private final DurationHistogram total = new DurationHistogram();

		private final AtomicLong[] phaseNanos = { new AtomicLong(), new AtomicLong(), new AtomicLong() };

		private final AtomicLong[] partNanos = new AtomicLong[RouteSnapshot.PART_SUMS];

		Stripe() {
			for (int i = 0; i < this.partNanos.length; i++) {
				this.partNanos[i] = new AtomicLong();
			}
		}

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
