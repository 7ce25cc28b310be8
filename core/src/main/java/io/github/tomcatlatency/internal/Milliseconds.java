package io.github.tomcatlatency.internal;

/**
 * The one unit of every duration the report and the warm-up's result show: a
 * {@code double} of milliseconds, rounded to the microsecond, in a field whose name ends
 * in {@code Ms}.
 */
public final class Milliseconds {

	private Milliseconds() {
	}

	/**
	 * Return a duration in milliseconds, rounded to the microsecond.
	 * @param nanos the duration in nanoseconds
	 * @return the duration in milliseconds
	 */
	public static double of(long nanos) {
		return Math.round(nanos / 1_000.0) / 1_000.0;
	}

}
