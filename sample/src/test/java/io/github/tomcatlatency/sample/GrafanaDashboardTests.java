package io.github.tomcatlatency.sample;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

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
			assertThat(GrafanaDashboard.datasourceUid(panel)).as(GrafanaDashboard.title(panel)).isEqualTo(DATASOURCE);
			assertThat(GrafanaDashboard.targets(panel)).as(GrafanaDashboard.title(panel))
				.isNotEmpty()
				.allSatisfy((target) -> assertThat(GrafanaDashboard.datasourceUid(target)).isEqualTo(DATASOURCE));
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
			assertThat(GrafanaDashboard.datasourceUid(variable)).as(name).isEqualTo(DATASOURCE);
		}
		// Each narrows the next: the instances of the jobs picked, their routes.
		assertThat(this.dashboard.labelValuesQuery(this.dashboard.variable("instance")).selector())
			.contains("job=~\".*\"");
		assertThat((String) this.dashboard.variable("uri").get("definition")).contains("job=~\"$job\"",
				"instance=~\"$instance\"");
	}

	@Test
	void everyQueryFiltersByJobAndInstanceAndRequestQueriesByRoute() {
		assertThat(this.dashboard.panels())
			.allSatisfy((panel) -> assertThat(GrafanaDashboard.targets(panel)).allSatisfy((target) -> {
				String expr = GrafanaDashboard.expr(target);
				Matcher selector = SELECTOR.matcher(expr);
				assertThat(selector.find()).as("%s names a meter: %s", GrafanaDashboard.title(panel), expr).isTrue();
				do {
					String matchers = selector.group(2);
					assertThat(matchers)
						.as("%s: label matchers of %s", GrafanaDashboard.title(panel), selector.group(1))
						.contains("job=~\"$job\"", "instance=~\"$instance\"");
					if (selector.group(1).startsWith("tomcat_latency_request_")) {
						assertThat(matchers)
							.as("%s: label matchers of %s", GrafanaDashboard.title(panel), selector.group(1))
							.contains("uri=~\"$uri\"");
					}
				}
				while (selector.find());
			}));
	}

	@Test
	void containerShareAndVersionRiskAreComparedPerInstance() {
		assertThat(this.dashboard.panels()).anySatisfy((panel) -> assertThat(GrafanaDashboard.targets(panel))
			.anySatisfy((target) -> assertThat(GrafanaDashboard.expr(target)).startsWith("sum by (job, instance)")
				.contains("phase=\"container\"")
				.contains(") / (")));
		assertThat(this.dashboard.panels()).anySatisfy((panel) -> assertThat(GrafanaDashboard.targets(panel))
			.anySatisfy((target) -> assertThat(GrafanaDashboard.expr(target))
				.startsWith("max by (job, instance) (tomcat_latency_advisories_severity")));
	}

	@Test
	void everyPanelSaysWhatItShows() {
		assertThat(this.dashboard.panels())
			.allSatisfy((panel) -> assertThat((String) panel.get("description")).as(GrafanaDashboard.title(panel))
				.isNotBlank());
	}

	@Test
	void versionRiskPanelNamesEverySeverity() {
		Map<String, Object> severity = this.dashboard.panels()
			.stream()
			.filter((panel) -> GrafanaDashboard.targets(panel)
				.stream()
				.anyMatch((target) -> GrafanaDashboard.expr(target).contains("severity")))
			.findFirst()
			.orElseThrow();
		Map<String, Object> fieldConfig = GrafanaDashboard.cast(severity.get("fieldConfig"));
		Map<String, Object> defaults = GrafanaDashboard.cast(fieldConfig.get("defaults"));
		List<Map<String, Object>> mappings = GrafanaDashboard.cast(defaults.get("mappings"));
		assertThat(mappings).flatExtracting((mapping) -> {
			Map<String, Object> options = GrafanaDashboard.cast(mapping.get("options"));
			return options.keySet();
		}).containsExactlyInAnyOrder("-1", "0", "1", "2", "3", "4");
	}

}
