package io.github.tomcatlatency.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.boot.json.JsonParserFactory;

/**
 * The Grafana dashboard shipped in {@code dashboards/}, read as Grafana reads it: its
 * panels, their queries and its template variables.
 */
final class GrafanaDashboard {

	// What Grafana substitutes for its built-in variables: any value works for a query to
	// run; $__range covers all of a test's data.
	private static final Map<String, String> BUILT_IN_VARIABLES = Map.of("__rate_interval", "1m", "__interval", "15s",
			"__range", "5m");

	private static final Pattern VARIABLE = Pattern.compile("\\$\\{?(\\w+)}?");

	private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((.+),\\s*(\\w+)\\)");

	private final Map<String, Object> json;

	private GrafanaDashboard(Map<String, Object> json) {
		this.json = json;
	}

	/**
	 * Read the dashboard named by the {@code dashboard.json} system property.
	 * @return the dashboard
	 */
	static GrafanaDashboard load() {
		String file = System.getProperty("dashboard.json");
		if (file == null) {
			throw new IllegalStateException("System property 'dashboard.json' must name the dashboard");
		}
		try {
			return new GrafanaDashboard(JsonParserFactory.getJsonParser().parseMap(Files.readString(Path.of(file))));
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read the dashboard " + file, ex);
		}
	}

	Object get(String key) {
		return this.json.get(key);
	}

	/**
	 * Return every panel that is not a row, the panels of collapsed rows included.
	 * @return the panels
	 */
	List<Map<String, Object>> panels() {
		return panels(this.json);
	}

	private static List<Map<String, Object>> panels(Map<String, Object> parent) {
		List<Map<String, Object>> panels = new ArrayList<>();
		List<Map<String, Object>> children = cast(parent.get("panels"));
		for (Map<String, Object> panel : children) {
			if (!"row".equals(panel.get("type"))) {
				panels.add(panel);
			}
			// Rows hold their panels when collapsed.
			if (panel.get("panels") != null) {
				panels.addAll(panels(panel));
			}
		}
		return panels;
	}

	/**
	 * Return the template variables.
	 * @return the variables, in the order Grafana shows them
	 */
	List<Map<String, Object>> variables() {
		Map<String, Object> templating = cast(this.json.get("templating"));
		return cast(templating.get("list"));
	}

	Map<String, Object> variable(String name) {
		return variables().stream()
			.filter((variable) -> name.equals(variable.get("name")))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("No template variable " + name));
	}

	/**
	 * Replace every variable in a query the way Grafana does when all values of each
	 * template variable are picked (its {@code allValue}), and built-in variables by
	 * fixed durations.
	 * @param expr the query
	 * @return the query Prometheus receives
	 */
	String resolve(String expr) {
		Map<String, String> values = new HashMap<>(BUILT_IN_VARIABLES);
		for (Map<String, Object> variable : variables()) {
			if (variable.get("allValue") != null) {
				values.put((String) variable.get("name"), (String) variable.get("allValue"));
			}
		}
		return VARIABLE.matcher(expr).replaceAll((variable) -> {
			String value = values.get(variable.group(1));
			if (value == null) {
				throw new IllegalStateException("No value for " + variable.group() + " in " + expr);
			}
			return Matcher.quoteReplacement(value);
		});
	}

	/**
	 * Split a variable's {@code label_values(selector, label)} query.
	 * @param variable the variable
	 * @return the selector (variables resolved) and the label
	 */
	LabelValuesQuery labelValuesQuery(Map<String, Object> variable) {
		String definition = (String) variable.get("definition");
		Matcher matcher = LABEL_VALUES.matcher(definition);
		if (!matcher.matches()) {
			throw new IllegalStateException(
					"Variable " + variable.get("name") + " is not a label_values query: " + definition);
		}
		return new LabelValuesQuery(resolve(matcher.group(1)), matcher.group(2));
	}

	static List<Map<String, Object>> targets(Map<String, Object> panel) {
		return (panel.get("targets") != null) ? cast(panel.get("targets")) : List.of();
	}

	static String title(Map<String, Object> panel) {
		return (String) panel.get("title");
	}

	static String expr(Map<String, Object> target) {
		return (String) target.get("expr");
	}

	static Object datasourceUid(Map<String, Object> panelOrTarget) {
		Map<String, Object> datasource = cast(panelOrTarget.get("datasource"));
		return (datasource != null) ? datasource.get("uid") : null;
	}

	@SuppressWarnings("unchecked")
	static <T> T cast(Object value) {
		return (T) value;
	}

	/**
	 * A {@code label_values} query of a template variable.
	 *
	 * @param selector the series selector
	 * @param label the label whose values are listed
	 */
	record LabelValuesQuery(String selector, String label) {

	}

}
