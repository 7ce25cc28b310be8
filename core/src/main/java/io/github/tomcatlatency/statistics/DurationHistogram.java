package io.github.tomcatlatency.statistics;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.AtomicHistogram;

/**
 * Durations of the whole request, or of one phase, in an HdrHistogram that requests
 * record into without locking or allocating, and their exact sum. Percentiles read from
 * it are never below the true value and at most 1/16 (6.25 %) or half a microsecond above
 * it, from 1 µs to an hour; longer durations count as an hour. One significant digit
 * keeps a histogram at a sixth of the counters two would take.
 */
final class DurationHistogram {

	/**
	 * Significant decimal digits kept: one, which HdrHistogram keeps as 16 values per
	 * doubling, so a value read back is within 1/16 above the true one.
	 */
	static final int SIGNIFICANT_DIGITS = 1;

	/**
	 * The resolution of the shortest durations: under 16 µs they are kept to about half a
	 * microsecond rather than to 1/16, below the report's unit.
	 */
	static final long LOWEST_NANOS = TimeUnit.MICROSECONDS.toNanos(1);

	/**
	 * The longest duration kept as it is.
	 */
	static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

	/**
	 * The heap one exact sum takes: an {@link AtomicLong}, 24 bytes whatever the number
	 * of threads adding to it (a {@code LongAdder} grows a cell per contending CPU), and
	 * the reference to it.
	 */
	static final long SUM_BYTES = 32;

	/**
	 * The heap one histogram takes: its counters, the iterators HdrHistogram creates with
	 * each histogram, which its estimate leaves out (about 100 bytes beyond it), and its
	 * sum.
	 */
	static final long BYTES = newAtomicHistogram().getEstimatedFootprintInBytes() + 128 + SUM_BYTES;

	private final AtomicHistogram histogram = newAtomicHistogram();

	private final AtomicLong totalNanos = new AtomicLong();

	void record(long nanos) {
		this.histogram.recordValue(clamp(nanos));
		this.totalNanos.addAndGet(nanos);
	}

	long count() {
		return this.histogram.getTotalCount();
	}

	long totalNanos() {
		return this.totalNanos.get();
	}

	/**
	 * Return the median so far, read while requests may still record: for spike detection
	 * on the request path, which needs no consistent copy.
	 * @return the median in nanoseconds
	 */
	long medianNanos() {
		return this.histogram.getValueAtPercentile(50);
	}

	/**
	 * Return the counts, which a {@link HistogramSnapshot} copies.
	 * @return the histogram requests record into
	 */
	AbstractHistogram counts() {
		return this.histogram;
	}

	/**
	 * Return a histogram for durations with this class's range and precision, that
	 * requests record into without locking: for counts kept without a sum.
	 * @return a new histogram
	 */
	static AtomicHistogram newAtomicHistogram() {
		return new AtomicHistogram(LOWEST_NANOS, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
	}

	/**
	 * Return a duration as a histogram of this class's range records it.
	 * @param nanos the duration
	 * @return the duration, at least 0 and at most {@link #HIGHEST_NANOS}
	 */
	static long clamp(long nanos) {
		return Math.min(Math.max(nanos, 0), HIGHEST_NANOS);
	}

}
