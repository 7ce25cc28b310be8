package io.github.tomcatlatency.sample;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.tomcatlatency.sample.PrometheusSamples.Sample;

import org.springframework.boot.json.JsonParserFactory;
import org.springframework.util.FileSystemUtils;

/**
 * A real Prometheus server, started from the {@code prometheus} binary, listening on
 * loopback only, with its configuration and storage in a temporary directory, scraping
 * its targets and evaluating its rules every second.
 */
final class PrometheusServer implements AutoCloseable {

	/**
	 * Job name of the scraped target.
	 */
	static final String JOB = "tomcat-latency-sample";

	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private final Path directory;

	private final int port;

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private LoggedProcess process;

	private PrometheusServer(Path directory, int port) {
		this.directory = directory;
		this.port = port;
	}

	/**
	 * Start Prometheus scraping {@code /actuator/prometheus} on the given loopback ports,
	 * as one job, and wait until it is ready. The binary is the {@code prometheus.binary}
	 * system property, or {@code prometheus} on the {@code PATH}.
	 * @param targetPorts the ports of the instances of the application to scrape
	 * @param rules the rule file to load, as it is to be loaded
	 * @return the running server
	 * @throws Exception if it cannot be started
	 */
	static PrometheusServer start(List<Integer> targetPorts, String rules) throws Exception {
		Path binary = binary();
		PrometheusServer server = new PrometheusServer(Files.createTempDirectory("tomcat-latency-prometheus"),
				LoggedProcess.freePort());
		try {
			Path ruleFile = Files.writeString(server.directory.resolve("rules.yml"), rules);
			String targets = targetPorts.stream()
				.map((port) -> "'" + instance(port) + "'")
				.collect(Collectors.joining(", "));
			Path config = server.directory.resolve("prometheus.yml");
			Files.writeString(config, """
					global:
					  scrape_interval: 1s
					  scrape_timeout: 1s
					  evaluation_interval: 1s
					rule_files:
					  - %s
					scrape_configs:
					  - job_name: %s
					    metrics_path: /actuator/prometheus
					    static_configs:
					      - targets: [%s]
					""".formatted(ruleFile, JOB, targets));
			server.process = LoggedProcess.start("prometheus",
					List.of(binary.toString(), "--config.file=" + config,
							"--storage.tsdb.path=" + server.directory.resolve("data"),
							"--web.listen-address=127.0.0.1:" + server.port));
			server.process.await("becoming ready on /-/ready", START_TIMEOUT, () -> server.get("/-/ready") == 200);
		}
		catch (Exception ex) {
			server.close();
			throw ex;
		}
		return server;
	}

	/**
	 * Return the {@code instance} label Prometheus gives the target on a port.
	 * @param port the port of the target
	 * @return the label's value
	 */
	static String instance(int port) {
		return "127.0.0.1:" + port;
	}

	private static Path binary() {
		return findBinary().orElseThrow(() -> new IllegalStateException("No 'prometheus' binary on the PATH ("
				+ System.getenv("PATH") + "): install it (Debian: apt-get install --no-install-recommends prometheus, "
				+ "as .ci/run does) or name it with -Dprometheus.binary=/path/to/prometheus"));
	}

	/**
	 * Return the binary named by the {@code prometheus.binary} system property, or the
	 * {@code prometheus} on the {@code PATH}.
	 * @return the binary, or empty if there is none
	 */
	static Optional<Path> findBinary() {
		String configured = System.getProperty("prometheus.binary");
		if (configured != null) {
			if (!Files.isRegularFile(Path.of(configured)) || !Files.isExecutable(Path.of(configured))) {
				throw new IllegalStateException("System property 'prometheus.binary' names " + configured
						+ ", which is not an executable file");
			}
			return Optional.of(Path.of(configured));
		}
		String path = System.getenv().getOrDefault("PATH", "");
		return Stream.of(path.split(File.pathSeparator))
			.filter((directory) -> !directory.isEmpty())
			.map((directory) -> Path.of(directory, "prometheus"))
			.filter(Files::isExecutable)
			.findFirst();
	}

	/**
	 * Poll until the condition holds, failing with Prometheus's log when it exits or the
	 * timeout passes.
	 * @param what what is awaited, for messages
	 * @param timeout how long to wait at most
	 * @param condition the condition
	 * @throws Exception on failure
	 */
	void await(String what, Duration timeout, LoggedProcess.Condition condition) throws Exception {
		this.process.await(what, timeout, condition);
	}

	/**
	 * Evaluate an instant query through {@code /api/v1/query}.
	 * @param promql the query
	 * @return the samples of the resulting vector, named by {@code __name__} when the
	 * query keeps it, otherwise with an empty name
	 * @throws IOException if Prometheus cannot be reached
	 * @throws InterruptedException if interrupted
	 * @throws IllegalStateException if Prometheus rejects the query or does not answer a
	 * vector
	 */
	List<Sample> query(String promql) throws IOException, InterruptedException {
		return query("/api/v1/query?query=" + encode(promql), promql);
	}

	/**
	 * Evaluate an instant query through {@code /api/v1/query} at a given time.
	 * @param promql the query
	 * @param epochSecond when to evaluate it
	 * @return the samples of the resulting vector, as {@link #query(String)}
	 * @throws IOException if Prometheus cannot be reached
	 * @throws InterruptedException if interrupted
	 */
	List<Sample> query(String promql, long epochSecond) throws IOException, InterruptedException {
		return query("/api/v1/query?time=" + epochSecond + "&query=" + encode(promql), promql);
	}

	private List<Sample> query(String pathAndQuery, String promql) throws IOException, InterruptedException {
		Map<String, Object> data = cast(api(pathAndQuery, promql));
		if (!"vector".equals(data.get("resultType"))) {
			throw new IllegalStateException("'" + promql + "' answered a " + data.get("resultType") + ", not a vector");
		}
		List<Map<String, Object>> result = cast(data.get("result"));
		return result.stream().map(PrometheusServer::sample).toList();
	}

	/**
	 * List the values of a label among the series a selector matches, as Grafana does for
	 * a {@code label_values(selector, label)} template variable.
	 * @param label the label
	 * @param selector the series selector
	 * @return the values
	 * @throws IOException if Prometheus cannot be reached
	 * @throws InterruptedException if interrupted
	 */
	List<String> labelValues(String label, String selector) throws IOException, InterruptedException {
		return cast(api("/api/v1/label/" + label + "/values?match[]=" + encode(selector),
				"label_values(" + selector + ", " + label + ")"));
	}

	/**
	 * Return the loaded rules as {@code /api/v1/rules} describes them: their groups'
	 * rules, with their kind, name, query, health, last error and, for alerts, their
	 * state and active alerts.
	 * @return the rules of every group
	 * @throws IOException if Prometheus cannot be reached
	 * @throws InterruptedException if interrupted
	 */
	List<Map<String, Object>> rules() throws IOException, InterruptedException {
		Map<String, Object> data = cast(api("/api/v1/rules", "rules"));
		List<Map<String, Object>> groups = cast(data.get("groups"));
		List<Map<String, Object>> rules = new ArrayList<>();
		for (Map<String, Object> group : groups) {
			rules.addAll(cast(group.get("rules")));
		}
		return rules;
	}

	private Object api(String pathAndQuery, String what) throws IOException, InterruptedException {
		HttpResponse<String> response = send(pathAndQuery);
		Map<String, Object> body = JsonParserFactory.getJsonParser().parseMap(response.body());
		if (response.statusCode() != 200 || !"success".equals(body.get("status"))) {
			throw new IllegalStateException("Prometheus rejected '" + what + "' with HTTP " + response.statusCode()
					+ ": " + body.get("errorType") + ": " + body.get("error"));
		}
		return body.get("data");
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

	private static Sample sample(Map<String, Object> result) {
		Map<String, String> labels = cast(result.get("metric"));
		List<Object> value = cast(result.get("value"));
		// Prometheus writes values as strings, NaN and +Inf included.
		return new Sample(labels.getOrDefault("__name__", ""), labels, Double.parseDouble((String) value.get(1)));
	}

	@SuppressWarnings("unchecked")
	private static <T> T cast(Object value) {
		return (T) value;
	}

	private int get(String path) throws IOException, InterruptedException {
		return send(path).statusCode();
	}

	private HttpResponse<String> send(String pathAndQuery) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + pathAndQuery))
			.timeout(Duration.ofSeconds(10))
			.build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	String output() throws IOException {
		return (this.process != null) ? this.process.output() : "";
	}

	@Override
	public void close() throws Exception {
		try {
			if (this.process != null) {
				this.process.close();
			}
		}
		finally {
			FileSystemUtils.deleteRecursively(this.directory);
		}
	}

}
