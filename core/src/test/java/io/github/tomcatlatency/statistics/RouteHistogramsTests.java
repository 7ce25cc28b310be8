package io.github.tomcatlatency.statistics;

import java.time.Duration;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.phase.Phase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Tests for {@link RouteHistograms}: one stripe until two threads record at once, then
 * {@link RouteHistograms#MAX_STRIPES}, and no request lost or counted twice either way.
 * The stripes are seen in the memory reserved for them, which the report shows.
 */
class RouteHistogramsTests {

	private static final Duration SPLIT_DEADLINE = Duration.ofSeconds(30);

	// The route's first stripe is its caller's: the budget holds what a split adds.
	private final MemoryBudget budget = new MemoryBudget(1 << 20, 0);

	private final RouteHistograms histograms = new RouteHistograms(this.budget);

	@Test
	void oneThreadKeepsOneStripeAndEveryRequestIsCountedWithEachPhase() {
		for (int i = 1; i <= 10_000; i++) {
			record(i);
		}
		assertThat(this.budget.usedBytes()).isZero();
		assertCounted(10_000, sumOfOneTo(10_000));
	}

	@Test
	void twoThreadsRecordingAtOnceSplitTheRouteAndLoseNoRequest() throws Exception {
		assumeTrue(RouteHistograms.MAX_STRIPES > 1, "One CPU: a route never splits");
		Recorded recorded = recordFromTwoThreadsUntilSplit();
		assertThat(this.budget.usedBytes()).isEqualTo((RouteHistograms.MAX_STRIPES - 1) * RouteHistograms.STRIPE_BYTES);
		assertCounted(recorded.requests(), recorded.totalMicros());
	}

	@Test
	void afterASplitEachThreadRecordsIntoTheStripeItsIdPicks() throws Exception {
		assumeTrue(RouteHistograms.MAX_STRIPES > 1, "One CPU: a route never splits");
		recordFromTwoThreadsUntilSplit();
		RouteHistograms.Stripe stripe = this.histograms.stripe();
		long before = stripe.count();
		record(1);
		assertThat(stripe.count()).isEqualTo(before + 1);
		assertThat(this.histograms.stripe()).isSameAs(stripe);
	}

	private Recorded recordFromTwoThreadsUntilSplit() throws Exception {
		CyclicBarrier start = new CyclicBarrier(2);
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try {
			Future<Recorded> first = threads.submit(() -> recordUntilSplit(start));
			Future<Recorded> second = threads.submit(() -> recordUntilSplit(start));
			return first.get().plus(second.get());
		}
		finally {
			threads.shutdownNow();
			assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		}
	}

	// Records 1 µs, 2 µs, ... until the route splits (or the deadline), then a thousand
	// more, into the stripes the split made.
	private Recorded recordUntilSplit(CyclicBarrier start) throws Exception {
		start.await();
		long deadline = System.nanoTime() + SPLIT_DEADLINE.toNanos();
		long requests = 0;
		while (this.budget.usedBytes() == 0 && System.nanoTime() - deadline < 0) {
			record(++requests);
		}
		for (int i = 0; i < 1_000; i++) {
			record(++requests);
		}
		return new Recorded(requests, sumOfOneTo(requests));
	}

	private void record(long micros) {
		long nanos = TimeUnit.MICROSECONDS.toNanos(micros);
		// The total is the sum of the phases: the container's third, the rest in MVC.
		this.histograms.record(this.histograms.stripe(), nanos, nanos / 3, 0, nanos - nanos / 3, null);
	}

	private void assertCounted(long requests, long totalMicros) {
		HistogramSnapshot total = new HistogramSnapshot();
		this.histograms.copyTotalInto(total);
		assertThat(total.count()).isEqualTo(requests);
		assertThat(total.totalNanos()).isEqualTo(TimeUnit.MICROSECONDS.toNanos(totalMicros));
		long[] phases = this.histograms.phaseNanos();
		assertThat(phases[Phase.CONTAINER.ordinal()] + phases[Phase.FILTERS.ordinal()] + phases[Phase.MVC.ordinal()])
			.isEqualTo(total.totalNanos());
	}

	private static long sumOfOneTo(long n) {
		return n * (n + 1) / 2;
	}

	private record Recorded(long requests, long totalMicros) {

		Recorded plus(Recorded other) {
			return new Recorded(this.requests + other.requests, this.totalMicros + other.totalMicros);
		}

	}

}
