package io.github.tomcatlatency.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.Yaml;

/**
 * The Prometheus rule file shipped in {@code prometheus/}, and its unit tests for
 * {@code promtool test rules} next to it.
 */
final class PrometheusRules {

	private static final Pattern FOR = Pattern.compile("(?m)^(\\s+)for: \\S+$");

	private final Path file;

	private final String text;

	private PrometheusRules(Path file, String text) {
		this.file = file;
		this.text = text;
	}

	/**
	 * Read the rule file named by the {@code prometheus.rules} system property.
	 * @return the rules
	 */
	static PrometheusRules load() {
		String file = System.getProperty("prometheus.rules");
		if (file == null) {
			throw new IllegalStateException("System property 'prometheus.rules' must name the rule file");
		}
		try {
			return new PrometheusRules(Path.of(file), Files.readString(Path.of(file)));
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read the rule file " + file, ex);
		}
	}

	Path file() {
		return this.file;
	}

	/**
	 * Return the unit tests of the rules, next to them.
	 * @return the file of unit tests
	 */
	Path unitTests() {
		return this.file.resolveSibling(this.file.getFileName().toString().replace(".yml", ".test.yml"));
	}

	/**
	 * Return the rule file with every alert's {@code for} duration set to zero, so that a
	 * test sees an alert fire on the first evaluation that finds its condition true
	 * rather than minutes later; the durations themselves are covered by the unit tests.
	 * @return the rule file's text, {@code for} durations aside unchanged
	 */
	String withoutForDurations() {
		return FOR.matcher(this.text).replaceAll("$1for: 0s");
	}

	/**
	 * Return every rule, recording and alerting, of every group.
	 * @return the rules, as parsed from YAML
	 */
	List<Map<String, Object>> rules() {
		Map<String, Object> yaml = new Yaml().load(this.text);
		List<Map<String, Object>> groups = cast(yaml.get("groups"));
		List<Map<String, Object>> rules = new ArrayList<>();
		for (Map<String, Object> group : groups) {
			rules.addAll(cast(group.get("rules")));
		}
		return rules;
	}

	List<Map<String, Object>> alerts() {
		return rules().stream().filter((rule) -> rule.containsKey("alert")).toList();
	}

	List<Map<String, Object>> recordings() {
		return rules().stream().filter((rule) -> rule.containsKey("record")).toList();
	}

	@SuppressWarnings("unchecked")
	static <T> T cast(Object value) {
		return (T) value;
	}

}
