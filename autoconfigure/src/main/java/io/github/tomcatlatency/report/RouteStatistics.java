package io.github.tomcatlatency.report;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.tomcatlatency.phase.Phase;
import org.jspecify.annotations.Nullable;

/**
 * Statistics of the requests to one route, or to the whole application: a histogram of
 * the total and of each phase, the first request, and cold spikes (requests far above the
 * median after the route sat idle). Recording is lock-free and allocates only for the
 * first request and for a spike.
 */
final class RouteStatistics {

	/**
	 * Fewest requests before a median is trusted for spike detection.
	 */
	private static final long MIN_REQUESTS_FOR_SPIKES = 20;

	private static final long LAST_REQUEST_GRANULARITY_NANOS = 1_000_000;

	private final String route;

	private final String method;

	private final LatencyHistogram total = new LatencyHistogram();

	private final LatencyHistogram[] phases = { new LatencyHistogram(), new LatencyHistogram(),
			new LatencyHistogram() };

	private final AtomicReference<@Nullable Split> first = new AtomicReference<>();

	private final AtomicLong lastRequestNanos = new AtomicLong(System.nanoTime());

	private final AtomicLong spikes = new AtomicLong();

	private final AtomicReference<@Nullable Split> lastSpike = new AtomicReference<>();

	RouteStatistics(String route, String method) {
		this.route = route;
		this.method = method;
	}

	void record(long containerNanos, long filtersNanos, long mvcNanos, SpikeDetection spikeDetection) {
		long totalNanos = containerNanos + filtersNanos + mvcNanos;
		if (this.first.get() == null) {
			this.first.compareAndSet(null, Split.of(containerNanos, filtersNanos, mvcNanos));
		}
		long now = System.nanoTime();
		long idleNanos = now - this.lastRequestNanos.get();
		if (idleNanos > LAST_REQUEST_GRANULARITY_NANOS) {
			// Busy routes update it at most once a millisecond: fewer contended writes.
			this.lastRequestNanos.set(now);
		}
		// Only a request after an idle period pays for reading the median.
		if (idleNanos >= spikeDetection.idleNanos() && this.total.count() >= MIN_REQUESTS_FOR_SPIKES
				&& totalNanos > spikeDetection.factor() * this.total.percentileNanos(0.5)) {
			this.spikes.incrementAndGet();
			this.lastSpike.set(Split.of(containerNanos, filtersNanos, mvcNanos));
		}
		this.total.record(totalNanos);
		this.phases[Phase.CONTAINER.ordinal()].record(containerNanos);
		this.phases[Phase.FILTERS.ordinal()].record(filtersNanos);
		this.phases[Phase.MVC.ordinal()].record(mvcNanos);
	}

	String route() {
		return this.route;
	}

	/**
	 * Return the HTTP method of the route's first request.
	 * @return the method
	 */
	String method() {
		return this.method;
	}

	LatencyHistogram total() {
		return this.total;
	}

	LatencyHistogram phase(Phase phase) {
		return this.phases[phase.ordinal()];
	}

	@Nullable Split first() {
		return this.first.get();
	}

	long spikes() {
		return this.spikes.get();
	}

	@Nullable Split lastSpike() {
		return this.lastSpike.get();
	}

	/**
	 * When a request counts as a cold spike.
	 *
	 * @param factor how many times the route's median a spike takes at least
	 * @param idleNanos how long the route must have been idle before it
	 */
	record SpikeDetection(double factor, long idleNanos) {

	}

}
