package io.github.tomcatlatency.warmup.internal.client;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TrafficPause}, on a clock that moves only when the wait sleeps.
 */
class TrafficPauseTests {

	private final ManualClock clock = new ManualClock();

	@Test
	void activityThatStandsStillForThePauseLetsTheRequestGo() {
		TrafficPause pause = new TrafficPause(() -> 7, Duration.ofSeconds(2), this.clock);
		assertThat(pause.await(this.clock.nanoTime() + seconds(60), () -> false)).isTrue();
		// Polled every 50 ms until 2 s had passed.
		assertThat(this.clock.sleeps).isEqualTo(40);
	}

	@Test
	void eachMoveOfTheActivityStartsThePauseAgain() {
		// Moves at each read for the first second, then stands still.
		LongSupplier activity = () -> Math.min(this.clock.nanoTime(), seconds(1));
		TrafficPause pause = new TrafficPause(activity, Duration.ofSeconds(2), this.clock);
		assertThat(pause.await(this.clock.nanoTime() + seconds(60), () -> false)).isTrue();
		assertThat(this.clock.nanoTime()).isEqualTo(seconds(3));
	}

	@Test
	void activityThatNeverStandsStillGivesUpAtTheDeadline() {
		TrafficPause pause = new TrafficPause(this.clock::nanoTime, Duration.ofSeconds(2), this.clock);
		assertThat(pause.await(seconds(10), () -> false)).isFalse();
		assertThat(this.clock.nanoTime()).isEqualTo(seconds(10));
	}

	@Test
	void stoppingEndsTheWait() {
		TrafficPause pause = new TrafficPause(this.clock::nanoTime, Duration.ofSeconds(2), this.clock);
		assertThat(pause.await(seconds(60), () -> this.clock.nanoTime() >= seconds(1))).isFalse();
		assertThat(this.clock.nanoTime()).isEqualTo(seconds(1));
	}

	@Test
	void activityThatCannotBeReadIsNotWaitedFor() {
		TrafficPause pause = new TrafficPause(() -> ConnectorActivity.UNKNOWN, Duration.ofSeconds(2), this.clock);
		assertThat(pause.await(seconds(60), () -> false)).isTrue();
		assertThat(this.clock.sleeps).isZero();
	}

	@Test
	void interruptionEndsTheWaitAndIsKept() {
		TrafficPause pause = new TrafficPause(() -> 7, Duration.ofSeconds(2), new TrafficPause.Clock() {

			@Override
			public long nanoTime() {
				return 0;
			}

			@Override
			public void sleep(long millis) throws InterruptedException {
				throw new InterruptedException();
			}

		});
		try {
			assertThat(pause.await(seconds(60), () -> false)).isFalse();
			assertThat(Thread.currentThread().isInterrupted()).isTrue();
		}
		finally {
			Thread.interrupted();
		}
	}

	@Test
	void namesItsLengthInTheUnitItWasGivenIn() {
		assertThat(new TrafficPause(() -> 0, Duration.ofSeconds(2))).hasToString("2 s");
		assertThat(new TrafficPause(() -> 0, Duration.ofMillis(300))).hasToString("300 ms");
	}

	private static long seconds(long seconds) {
		return Duration.ofSeconds(seconds).toNanos();
	}

	private static final class ManualClock implements TrafficPause.Clock {

		private final AtomicLong now = new AtomicLong();

		private int sleeps;

		@Override
		public long nanoTime() {
			return this.now.get();
		}

		@Override
		public void sleep(long millis) {
			this.sleeps++;
			this.now.addAndGet(Duration.ofMillis(millis).toNanos());
		}

	}

}
