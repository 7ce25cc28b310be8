package io.github.tomcatlatency.report;

/**
 * The report's one unit of duration: a {@code double} of milliseconds, rounded to the
 * microsecond, in a field whose name ends in {@code Ms}.
 */
final class Milliseconds {

	private Milliseconds() {
	}

	static double of(long nanos) {
		return Math.round(nanos / 1_000.0) / 1_000.0;
	}

}
