package io.github.tomcatlatency.report;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Lock-free log-linear histogram of durations: four buckets per power of two from 1 µs to
 * about 18 minutes, so a percentile read from it is within 12.5 % of the true value.
 * Recording allocates nothing; reading scans the 125 buckets, so it is done on the
 * endpoint call, not per request.
 */
final class LatencyHistogram {

	private static final int SUB_BUCKET_BITS = 2;

	private static final int SUB_BUCKETS = 1 << SUB_BUCKET_BITS;

	private static final int MIN_EXPONENT = 10;

	private static final int MAX_EXPONENT = 40;

	private static final int BUCKETS = 1 + (MAX_EXPONENT - MIN_EXPONENT + 1) * SUB_BUCKETS;

	private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

	private final LongAdder totalNanos = new LongAdder();

	void record(long nanos) {
		this.counts.incrementAndGet(bucket(nanos));
		this.totalNanos.add(nanos);
	}

	long count() {
		long count = 0;
		for (int i = 0; i < BUCKETS; i++) {
			count += this.counts.get(i);
		}
		return count;
	}

	long percentileNanos(double quantile) {
		return snapshot().percentileNanos(quantile);
	}

	long totalNanos() {
		return this.totalNanos.sum();
	}

	Snapshot snapshot() {
		return new Snapshot().add(this);
	}

	static int bucket(long nanos) {
		if (nanos < (1L << MIN_EXPONENT)) {
			return 0;
		}
		int exponent = Math.min(63 - Long.numberOfLeadingZeros(nanos), MAX_EXPONENT);
		int subBucket = (nanos >= (1L << (MAX_EXPONENT + 1))) ? SUB_BUCKETS - 1
				: (int) ((nanos >>> (exponent - SUB_BUCKET_BITS)) & (SUB_BUCKETS - 1));
		return 1 + (exponent - MIN_EXPONENT) * SUB_BUCKETS + subBucket;
	}

	static long middle(int bucket) {
		if (bucket == 0) {
			return (1L << MIN_EXPONENT) / 2;
		}
		int exponent = MIN_EXPONENT + (bucket - 1) / SUB_BUCKETS;
		int subBucket = (bucket - 1) % SUB_BUCKETS;
		long width = 1L << (exponent - SUB_BUCKET_BITS);
		return (SUB_BUCKETS + subBucket) * width + width / 2;
	}

	/**
	 * A copy of one or more histograms' buckets, merged, to read percentiles from.
	 */
	static final class Snapshot {

		private final long[] counts = new long[BUCKETS];

		private long count;

		private long totalNanos;

		Snapshot add(LatencyHistogram histogram) {
			for (int i = 0; i < BUCKETS; i++) {
				long bucketCount = histogram.counts.get(i);
				this.counts[i] += bucketCount;
				this.count += bucketCount;
			}
			this.totalNanos += histogram.totalNanos();
			return this;
		}

		long count() {
			return this.count;
		}

		long totalNanos() {
			return this.totalNanos;
		}

		long meanNanos() {
			return (this.count != 0) ? this.totalNanos / this.count : 0;
		}

		/**
		 * Return the value below which the given fraction of the recorded durations fall,
		 * as the middle of its bucket.
		 * @param quantile the fraction, from 0 to 1
		 * @return the duration in nanoseconds, or 0 when nothing was recorded
		 */
		long percentileNanos(double quantile) {
			if (this.count == 0) {
				return 0;
			}
			long rank = Math.max(1, (long) Math.ceil(quantile * this.count));
			long seen = 0;
			for (int i = 0; i < BUCKETS; i++) {
				seen += this.counts[i];
				if (seen >= rank) {
					return middle(i);
				}
			}
			return middle(BUCKETS - 1);
		}

	}

}
