package io.github.tomcatlatency.statistics;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * A copy of one or more {@link DurationHistogram duration histograms}, merged, that no
 * request changes any more: the report reads copies only. A read reuses one copy for
 * every route, {@link #reset() reset} before each, so that it allocates a few copies
 * whatever the number of routes.
 */
public final class HistogramSnapshot {

	private final Histogram histogram = new Histogram(DurationHistogram.LOWEST_NANOS, DurationHistogram.HIGHEST_NANOS,
			DurationHistogram.SIGNIFICANT_DIGITS);

	private long totalNanos;

	HistogramSnapshot add(DurationHistogram source) {
		return add(source.counts(), source.totalNanos());
	}

	/**
	 * Add the counts of a histogram of {@link DurationHistogram}'s range and their sum.
	 * @param counts the counts
	 * @param totalNanos the sum of the durations counted
	 * @return this copy
	 */
	HistogramSnapshot add(AbstractHistogram counts, long totalNanos) {
		// Adding counts each copied count once, so the copy's total is the sum of its
		// counts even while requests record into the source.
		this.histogram.add(counts);
		this.totalNanos += totalNanos;
		return this;
	}

	HistogramSnapshot add(HistogramSnapshot other) {
		return add(other.histogram, other.totalNanos);
	}

	HistogramSnapshot reset() {
		this.histogram.reset();
		this.totalNanos = 0;
		return this;
	}

	/**
	 * Return how many durations were recorded.
	 * @return the count
	 */
	public long count() {
		return this.histogram.getTotalCount();
	}

	/**
	 * Return the exact sum of the recorded durations.
	 * @return the sum in nanoseconds
	 */
	public long totalNanos() {
		return this.totalNanos;
	}

	/**
	 * Return the mean of the recorded durations.
	 * @return the mean in nanoseconds, or 0 when nothing was recorded
	 */
	public long meanNanos() {
		long count = count();
		return (count != 0) ? this.totalNanos / count : 0;
	}

	/**
	 * Return the duration that the given fraction of the recorded durations do not
	 * exceed, as the highest value of its histogram bucket: never below the true value,
	 * at most 1/16 or half a microsecond above it.
	 * @param quantile the fraction, from 0 to 1
	 * @return the duration in nanoseconds, or 0 when nothing was recorded
	 */
	public long percentileNanos(double quantile) {
		return (count() != 0) ? this.histogram.getValueAtPercentile(quantile * 100) : 0;
	}

}
