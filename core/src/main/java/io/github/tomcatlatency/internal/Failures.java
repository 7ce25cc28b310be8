package io.github.tomcatlatency.internal;

/**
 * How the starter names a failure in its log and its report: in one line, whatever the
 * failure's message holds.
 */
public final class Failures {

	private Failures() {
	}

	/**
	 * Describe a failure in one line: its type and the first line of its message.
	 * @param failure the failure
	 * @return the description, for example {@code IllegalStateException: no route}
	 */
	public static String describe(Throwable failure) {
		String message = failure.getMessage();
		if (message == null || message.isBlank()) {
			return failure.getClass().getSimpleName();
		}
		return failure.getClass().getSimpleName() + ": " + message.strip().lines().findFirst().orElse("");
	}

}
