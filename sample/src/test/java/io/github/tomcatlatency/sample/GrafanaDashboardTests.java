package io.github.tomcatlatency.sample;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static io.github.tomcatlatency.sample.GrafanaDashboard.cast;
import static io.github.tomcatlatency.sample.GrafanaDashboard.datasourceUid;
import static io.github.tomcatlatency.sample.GrafanaDashboard.expr;
import static io.github.tomcatlatency.sample.GrafanaDashboard.targets;
import static io.github.tomcatlatency.sample.GrafanaDashboard.title;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the Grafana dashboard's structure: its data source and fleet variables, used
 * by every query. {@code PrometheusIT} runs the queries against a real Prometheus.
 */
class GrafanaDashboardTests {

	private static final String DATASOURCE = "${datasource}";

	// A metric name in a query, with its label matchers if it has any.
	private static final Pattern SELECTOR = Pattern.compile("\\b(tomcat_latency_\\w+|ALERTS)(\\{[^}]*})?");

	private final GrafanaDashboard dashboard = GrafanaDashboard.load();

	@Test
	void everyPanelQueriesTheDatasourceVariable() {
		// A variable, not an import input: importing and provisioning need no editing.
		assertThat(this.dashboard.get("__inputs")).isNull();
		Map<String, Object> datasource = this.dashboard.variable("datasource");
		assertThat(datasource).containsEntry("type", "datasource").containsEntry("query", "prometheus");
		assertThat(this.dashboard.panels()).isNotEmpty().allSatisfy((panel) -> {
			assertThat(datasourceUid(panel)).as(title(panel)).isEqualTo(DATASOURCE);
			assertThat(targets(panel)).as(title(panel))
				.isNotEmpty()
				.allSatisfy((target) -> assertThat(datasourceUid(target)).isEqualTo(DATASOURCE));
		});
	}

	@Test
	void fleetVariablesPickAnyNumberOfValuesAndMatchAllByDefault() {
		assertThat(this.dashboard.variables()).extracting((variable) -> variable.get("name"))
			.containsExactly("datasource", "job", "instance", "uri");
		for (String name : List.of("job", "instance", "uri")) {
			Map<String, Object> variable = this.dashboard.variable(name);
			assertThat(variable).as(name)
				.containsEntry("type", "query")
				.containsEntry("multi", true)
				.containsEntry("includeAll", true)
				.containsEntry("allValue", ".*");
			assertThat(datasourceUid(variable)).as(name).isEqualTo(DATASOURCE);
		}
		// Each narrows the next: the instances of the jobs picked, their routes.
		assertThat(this.dashboard.labelValuesQuery(this.dashboard.variable("instance")).selector())
			.contains("job=~\".*\"");
		assertThat((String) this.dashboard.variable("uri").get("definition")).contains("job=~\"$job\"",
				"instance=~\"$instance\"");
	}

	@Test
	void everyQueryFiltersByJobAndInstanceAndRequestQueriesByRoute() {
		assertThat(this.dashboard.panels()).allSatisfy((panel) -> assertThat(targets(panel)).allSatisfy((target) -> {
			String expr = expr(target);
			Matcher selector = SELECTOR.matcher(expr);
			assertThat(selector.find()).as("%s names a meter: %s", title(panel), expr).isTrue();
			do {
				String matchers = selector.group(2);
				assertThat(matchers).as("%s: label matchers of %s", title(panel), selector.group(1))
					.contains("job=~\"$job\"", "instance=~\"$instance\"");
				if (selector.group(1).startsWith("tomcat_latency_request_")) {
					assertThat(matchers).as("%s: label matchers of %s", title(panel), selector.group(1))
						.contains("uri=~\"$uri\"");
				}
			}
			while (selector.find());
		}));
	}

	@Test
	void containerShareAndVersionRiskAreComparedPerInstance() {
		assertThat(this.dashboard.panels()).anySatisfy((panel) -> assertThat(targets(panel))
			.anySatisfy((target) -> assertThat(expr(target)).startsWith("sum by (job, instance)")
				.contains("phase=\"container\"")
				.contains(") / (")));
		assertThat(this.dashboard.panels())
			.anySatisfy((panel) -> assertThat(targets(panel)).anySatisfy((target) -> assertThat(expr(target))
				.startsWith("max by (job, instance) (tomcat_latency_advisories_severity")));
	}

	@Test
	void everyPanelSaysWhatItShows() {
		assertThat(this.dashboard.panels())
			.allSatisfy((panel) -> assertThat((String) panel.get("description")).as(title(panel)).isNotBlank());
	}

	@Test
	void versionRiskPanelNamesEverySeverity() {
		Map<String, Object> severity = this.dashboard.panels()
			.stream()
			.filter((panel) -> targets(panel).stream().anyMatch((target) -> expr(target).contains("severity")))
			.findFirst()
			.orElseThrow();
		Map<String, Object> fieldConfig = cast(severity.get("fieldConfig"));
		Map<String, Object> defaults = cast(fieldConfig.get("defaults"));
		List<Map<String, Object>> mappings = cast(defaults.get("mappings"));
		assertThat(mappings).flatExtracting((mapping) -> {
			Map<String, Object> options = cast(mapping.get("options"));
			return options.keySet();
		}).containsExactlyInAnyOrder("-1", "0", "1", "2", "3", "4");
	}

}
