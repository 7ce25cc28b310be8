package io.github.tomcatlatency.statistics;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.tomcatlatency.classload.internal.ClassLoadLog;
import io.github.tomcatlatency.phase.CompletedRequest;
import org.jspecify.annotations.Nullable;

/**
 * Statistics of the requests of one method to one route: a histogram of the total, the
 * sum of each phase and container part, the first request to arrive, and cold spikes
 * (requests far above the median after the route sat idle). Recording is lock-free and
 * allocates only for a request that arrived before the first one known, for a spike, and
 * once when the route is first recorded concurrently ({@link RouteHistograms}). The
 * report reads a {@link #snapshot() snapshot}.
 */
final class RouteStatistics {

	/**
	 * Fewest requests before a median is trusted for spike detection.
	 */
	private static final long MIN_REQUESTS_FOR_SPIKES = 20;

	private static final long LAST_REQUEST_GRANULARITY_NANOS = 1_000_000;

	/**
	 * The heap one method and route takes with one stripe: the stripe and the rest of
	 * these statistics, about 400 bytes with the first request and the last spike.
	 */
	static final long BYTES = RouteHistograms.STRIPE_BYTES + 384;

	private final String route;

	private final String method;

	private final RouteHistograms histograms;

	private final AtomicReference<@Nullable FirstRequest> first = new AtomicReference<>();

	private final AtomicLong lastRequestNanos = new AtomicLong(System.nanoTime());

	private final AtomicLong spikes = new AtomicLong();

	private final AtomicReference<@Nullable RecordedSplit> lastSpike = new AtomicReference<>();

	/**
	 * Create the statistics of a method and route, whose {@link #BYTES} the caller
	 * reserved.
	 * @param route the route
	 * @param method the request method
	 * @param budget the budget the route's further stripes are reserved from
	 */
	RouteStatistics(String route, String method, MemoryBudget budget) {
		this.route = route;
		this.method = method;
		this.histograms = new RouteHistograms(budget);
	}

	void record(long startNanos, long containerNanos, long filtersNanos, long mvcNanos, long classesLoaded,
			long cpuNanos, SpikeDetection spikeDetection, boolean classLoadsLogged, @Nullable CompletedRequest parts) {
		long totalNanos = containerNanos + filtersNanos + mvcNanos;
		FirstRequest known = this.first.get();
		if (known == null || startNanos - known.startNanos() < 0) {
			// Read on the thread that served it, where the JVM logged its class loads.
			long osThreadId = (classLoadsLogged && classesLoaded != CompletedRequest.NOT_MEASURED)
					? ClassLoadLog.currentThreadId() : -1;
			keepFirst(new FirstRequest(startNanos, RecordedSplit.of(containerNanos, filtersNanos, mvcNanos, parts),
					classesLoaded, cpuNanos, osThreadId));
		}
		// The request ended its wall time after it arrived: no clock read needed.
		long now = startNanos + totalNanos;
		long idleNanos = now - this.lastRequestNanos.get();
		if (idleNanos > LAST_REQUEST_GRANULARITY_NANOS) {
			// Busy routes update it at most once a millisecond: fewer contended writes.
			this.lastRequestNanos.set(now);
		}
		RouteHistograms.Stripe stripe = this.histograms.stripe();
		// Only a request after an idle period pays for reading the median: its stripe's,
		// all of the route's requests while the route has one.
		if (idleNanos >= spikeDetection.idleNanos() && stripe.count() >= MIN_REQUESTS_FOR_SPIKES
				&& totalNanos > spikeDetection.factor() * stripe.medianNanos()) {
			this.spikes.incrementAndGet();
			this.lastSpike.set(RecordedSplit.of(containerNanos, filtersNanos, mvcNanos, parts));
		}
		this.histograms.record(stripe, totalNanos, containerNanos, filtersNanos, mvcNanos, parts);
	}

	/**
	 * Keep the request as the first unless one that arrived before it is known: requests
	 * complete out of order, and the first to complete may not be the cold one.
	 * @param candidate the request
	 */
	private void keepFirst(FirstRequest candidate) {
		while (true) {
			FirstRequest known = this.first.get();
			if ((known != null && !candidate.arrivedBefore(known)) || this.first.compareAndSet(known, candidate)) {
				return;
			}
		}
	}

	/**
	 * Read these statistics: copy the total's histogram into the given snapshot and
	 * return the figures the report needs.
	 * @param total a snapshot, reset, that receives the total's histogram
	 * @return the figures, which requests recording meanwhile do not change
	 */
	RouteSnapshot snapshot(HistogramSnapshot total) {
		this.histograms.copyTotalInto(total);
		return new RouteSnapshot(this.route, this.method, total.count(), total.totalNanos(), total.percentileNanos(0.5),
				total.percentileNanos(0.99), this.histograms.phaseNanos(), this.histograms.partNanos(),
				this.first.get(), this.spikes.get(), this.lastSpike.get());
	}

}
