package io.github.tomcatlatency.report;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;

/**
 * Durations of one phase, or of the whole request, in an HdrHistogram that requests
 * record into without locking or allocating, and their exact sum. Percentiles read from
 * it are within 1 % of the true value, never below it, from 1 µs to an hour; longer
 * durations count as an hour.
 */
final class DurationHistogram {

	/**
	 * Significant decimal digits kept: two, so a value read back is within 1 %.
	 */
	static final int SIGNIFICANT_DIGITS = 2;

	/**
	 * The resolution of the shortest durations: under 65 µs they are kept to about half a
	 * microsecond rather than to 1 %, below the report's unit.
	 */
	static final long LOWEST_NANOS = TimeUnit.MICROSECONDS.toNanos(1);

	/**
	 * The longest duration kept as it is.
	 */
	static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

	private final AtomicHistogram histogram = new AtomicHistogram(LOWEST_NANOS, HIGHEST_NANOS, SIGNIFICANT_DIGITS);

	private final LongAdder totalNanos = new LongAdder();

	void record(long nanos) {
		this.histogram.recordValue(Math.min(Math.max(nanos, 0), HIGHEST_NANOS));
		this.totalNanos.add(nanos);
	}

	long count() {
		return this.histogram.getTotalCount();
	}

	/**
	 * Return the median so far, read while requests may still record: for spike detection
	 * on the request path, which needs no consistent copy.
	 * @return the median in nanoseconds
	 */
	long medianNanos() {
		return this.histogram.getValueAtPercentile(50);
	}

	Snapshot snapshot() {
		return new Snapshot().add(this);
	}

	/**
	 * A copy of one or more histograms, merged, that no request changes any more: the
	 * report reads and sorts on copies only.
	 */
	static final class Snapshot {

		private final Histogram histogram = new Histogram(LOWEST_NANOS, HIGHEST_NANOS, SIGNIFICANT_DIGITS);

		private long totalNanos;

		Snapshot add(DurationHistogram source) {
			// Adding counts each copied count once, so the copy's total is the sum of
			// its counts even while requests record into the source.
			add(source.histogram);
			this.totalNanos += source.totalNanos.sum();
			return this;
		}

		Snapshot add(Snapshot other) {
			add(other.histogram);
			this.totalNanos += other.totalNanos;
			return this;
		}

		private void add(AbstractHistogram source) {
			this.histogram.add(source);
		}

		long count() {
			return this.histogram.getTotalCount();
		}

		long totalNanos() {
			return this.totalNanos;
		}

		long meanNanos() {
			long count = count();
			return (count != 0) ? this.totalNanos / count : 0;
		}

		/**
		 * Return the duration that the given fraction of the recorded durations do not
		 * exceed, as the highest value of its histogram bucket: never below the true
		 * value, at most 1 % or 1 µs above it.
		 * @param quantile the fraction, from 0 to 1
		 * @return the duration in nanoseconds, or 0 when nothing was recorded
		 */
		long percentileNanos(double quantile) {
			return (count() != 0) ? this.histogram.getValueAtPercentile(quantile * 100) : 0;
		}

	}

}
