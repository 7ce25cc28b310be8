package io.github.tomcatlatency.phase.internal;

/**
 * The request methods that recorders keep apart, as dense indexes, with every other
 * method as {@code UNKNOWN}: a client sending made-up methods cannot grow the recorders'
 * tables or meter cardinality.
 */
public final class RequestMethods {

	private static final String[] NAMES = { "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE",
			"UNKNOWN" };

	/**
	 * How many indexes there are: the bound on {@link #index(String)}.
	 */
	public static final int COUNT = NAMES.length;

	private RequestMethods() {
	}

	/**
	 * Return the index of a request method, without allocating.
	 * @param method the method as sent
	 * @return its index, from 0 to {@link #COUNT}, exclusive
	 */
	public static int index(String method) {
		return switch (method) {
			case "GET" -> 0;
			case "HEAD" -> 1;
			case "POST" -> 2;
			case "PUT" -> 3;
			case "PATCH" -> 4;
			case "DELETE" -> 5;
			case "OPTIONS" -> 6;
			case "TRACE" -> 7;
			default -> COUNT - 1;
		};
	}

	/**
	 * Return the name recorded for an index.
	 * @param index the index
	 * @return the method's name, or {@code UNKNOWN}
	 */
	public static String name(int index) {
		return NAMES[index];
	}

}
