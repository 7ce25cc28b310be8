package io.github.tomcatlatency.maven;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A warm-up request of the training run, configured as
 * {@code <warmupRequests><warmupRequest>...}: one entry of
 * {@code tomcat-latency.warmup.requests}.
 */
public class WarmupRequest {

	/**
	 * The request method.
	 */
	private String method = "GET";

	/**
	 * The path below the context path, query allowed.
	 */
	private String path = "/";

	/**
	 * Request headers by name.
	 */
	private Map<String, String> headers = new LinkedHashMap<>();

	/**
	 * The request body, if any.
	 */
	private String body;

	/**
	 * How many times production's warm-up sends it; a training run sends it at least
	 * {@code tomcat-latency.warmup.training-repetitions} times.
	 */
	private int repetitions = 1;

	/**
	 * Return the properties that configure this request as entry {@code index} of
	 * {@code tomcat-latency.warmup.requests}.
	 * @param index its index
	 * @return the properties in order
	 */
	Map<String, String> properties(int index) {
		String prefix = "tomcat-latency.warmup.requests[" + index + "].";
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put(prefix + "method", this.method);
		properties.put(prefix + "path", this.path);
		this.headers.forEach((name, value) -> properties.put(prefix + "headers[" + name + "]", value));
		if (this.body != null) {
			properties.put(prefix + "body", this.body);
		}
		properties.put(prefix + "repetitions", Integer.toString(this.repetitions));
		return properties;
	}

}
