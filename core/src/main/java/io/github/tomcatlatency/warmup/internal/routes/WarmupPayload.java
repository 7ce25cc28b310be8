package io.github.tomcatlatency.warmup.internal.routes;

import java.time.Instant;
import java.util.List;

/**
 * The JSON body the warm-up's routes write and read: strings, numbers, a list and a
 * timestamp, so that the common parts of the application's JSON mapper run.
 *
 * @param name a name
 * @param count a number
 * @param tags a list
 * @param sentAt a timestamp
 */
public record WarmupPayload(String name, int count, List<String> tags, Instant sentAt) {

	/**
	 * A payload as JSON.
	 */
	public static final String SAMPLE_JSON = "{\"name\":\"warm-up\",\"count\":3,\"tags\":[\"a\",\"b\"],"
			+ "\"sentAt\":\"2026-01-01T00:00:00Z\"}";

}
