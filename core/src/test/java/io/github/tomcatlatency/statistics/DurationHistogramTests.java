package io.github.tomcatlatency.statistics;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Tests for {@link DurationHistogram}: percentiles against samples whose exact
 * percentiles are known.
 */
class DurationHistogramTests {

	@Test
	void emptyReadsZero() {
		HistogramSnapshot snapshot = snapshot(new DurationHistogram());
		assertThat(snapshot.count()).isZero();
		assertThat(snapshot.percentileNanos(0.5)).isZero();
		assertThat(snapshot.meanNanos()).isZero();
	}

	@Test
	void percentilesOfOneToAThousandMicrosecondsAreWithinASixteenthOrHalfAMicrosecondAndNeverBelow() {
		DurationHistogram histogram = new DurationHistogram();
		for (int i = 1000; i >= 1; i--) {
			histogram.record(micros(i));
		}
		HistogramSnapshot snapshot = snapshot(histogram);
		assertThat(snapshot.count()).isEqualTo(1000);
		assertThat(snapshot.meanNanos()).isEqualTo(micros(1001) / 2);
		assertWithinASixteenthAbove(snapshot.percentileNanos(0.5), micros(500));
		assertWithinASixteenthAbove(snapshot.percentileNanos(0.99), micros(990));
		assertWithinASixteenthAbove(snapshot.percentileNanos(1), micros(1000));
	}

	@Test
	void percentilesOfRandomDurationsMatchTheSortedSample() {
		Random random = new Random(20);
		long[] sample = new long[10_001];
		DurationHistogram histogram = new DurationHistogram();
		for (int i = 0; i < sample.length; i++) {
			// From 10 µs to about 10 s, log-uniform: the range requests take.
			sample[i] = (long) (10_000 * Math.pow(10, 6 * random.nextDouble()));
			histogram.record(sample[i]);
		}
		Arrays.sort(sample);
		HistogramSnapshot snapshot = snapshot(histogram);
		assertWithinASixteenthAbove(snapshot.percentileNanos(0.5), sample[5000]);
		assertWithinASixteenthAbove(snapshot.percentileNanos(0.99), sample[9900]);
		assertThat(snapshot.meanNanos()).isEqualTo(Arrays.stream(sample).sum() / sample.length);
	}

	@Test
	void twoPhasesOfDifferentLengthsHaveDifferentMedians() {
		// The phases of a request: the total is longer than the container's part, and the
		// report must say so even when the two are close.
		DurationHistogram container = new DurationHistogram();
		DurationHistogram total = new DurationHistogram();
		for (int i = 0; i < 100; i++) {
			container.record(micros(1000));
			total.record(micros(1050));
		}
		assertThat(snapshot(total).percentileNanos(0.5)).isGreaterThan(snapshot(container).percentileNanos(0.5));
	}

	@Test
	void smallSamplesNeverReadAP99BelowTheMean() {
		DurationHistogram histogram = new DurationHistogram();
		histogram.record(micros(100));
		histogram.record(micros(100));
		histogram.record(micros(10_000));
		HistogramSnapshot snapshot = snapshot(histogram);
		assertThat(snapshot.percentileNanos(0.99)).isGreaterThanOrEqualTo(snapshot.meanNanos());
		assertWithinASixteenthAbove(snapshot.percentileNanos(0.99), micros(10_000));
		assertWithinASixteenthAbove(snapshot.percentileNanos(0.5), micros(100));
	}

	@Test
	void durationsBeyondAnHourCountAsAnHourInPercentilesAndFullyInTheMean() {
		DurationHistogram histogram = new DurationHistogram();
		histogram.record(TimeUnit.HOURS.toNanos(2));
		HistogramSnapshot snapshot = snapshot(histogram);
		assertWithinASixteenthAbove(snapshot.percentileNanos(0.5), TimeUnit.HOURS.toNanos(1));
		assertThat(snapshot.meanNanos()).isEqualTo(TimeUnit.HOURS.toNanos(2));
	}

	@Test
	void mergedSnapshotsHoldEveryRecording() {
		DurationHistogram fast = new DurationHistogram();
		DurationHistogram slow = new DurationHistogram();
		for (int i = 0; i < 50; i++) {
			fast.record(micros(10));
			slow.record(micros(1000));
		}
		HistogramSnapshot merged = new HistogramSnapshot().add(fast).add(snapshot(slow));
		assertThat(merged.count()).isEqualTo(100);
		assertWithinASixteenthAbove(merged.percentileNanos(0.5), micros(10));
		assertWithinASixteenthAbove(merged.percentileNanos(0.51), micros(1000));
		assertThat(merged.totalNanos()).isEqualTo(50 * micros(10) + 50 * micros(1000));
	}

	@Test
	void snapshotDoesNotChangeWhenRecordingGoesOn() {
		DurationHistogram histogram = new DurationHistogram();
		histogram.record(micros(10));
		HistogramSnapshot snapshot = snapshot(histogram);
		histogram.record(micros(1000));
		assertThat(snapshot.count()).isEqualTo(1);
		assertWithinASixteenthAbove(snapshot.percentileNanos(1), micros(10));
	}

	private static HistogramSnapshot snapshot(DurationHistogram histogram) {
		return new HistogramSnapshot().add(histogram);
	}

	private static void assertWithinASixteenthAbove(long actual, long expected) {
		assertThat(actual).isGreaterThanOrEqualTo(expected);
		// Or within half a microsecond, below the report's unit, for the shortest
		// durations.
		assertThat((double) actual).isCloseTo(expected, within(Math.max(expected / 16.0, 512)));
	}

	private static long micros(long micros) {
		return TimeUnit.MICROSECONDS.toNanos(micros);
	}

}
