package io.github.tomcatlatency.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Tests of the shipped Prometheus rule file: its alerts' annotations and runbooks, and
 * {@code promtool}'s check and unit tests. {@code PrometheusIT} loads it into a real
 * Prometheus scraping two instances.
 */
class PrometheusRulesTests {

	private static final Pattern RUNBOOK = Pattern
		.compile("https://github\\.com/tomcatlatency/tomcat-latency/blob/main/docs/alerts\\.md#([a-z0-9-]+)");

	private static final Pattern HEADING = Pattern.compile("(?m)^#+ (.+)$");

	private final PrometheusRules rules = PrometheusRules.load();

	@Test
	void everyAlertHasASeveritySummaryDescriptionAndARunbookInTheDocs() throws IOException {
		// The rule file is in prometheus/, the docs in docs/ of the same project.
		Path alertsDoc = this.rules.file().toAbsolutePath().getParent().resolveSibling("docs").resolve("alerts.md");
		Set<String> anchors = anchors(Files.readString(alertsDoc));
		assertThat(this.rules.alerts()).isNotEmpty().allSatisfy((alert) -> {
			Object name = alert.get("alert");
			Map<String, String> labels = PrometheusRules.cast(alert.get("labels"));
			Map<String, String> annotations = PrometheusRules.cast(alert.get("annotations"));
			assertThat(labels.get("severity")).as("severity of %s", name).isNotBlank();
			assertThat(annotations.get("summary")).as("summary of %s", name).isNotBlank();
			assertThat(annotations.get("description")).as("description of %s", name).isNotBlank();
			Matcher runbook = RUNBOOK.matcher(annotations.get("runbook_url"));
			assertThat(runbook.matches()).as("runbook_url of %s: %s", name, annotations.get("runbook_url")).isTrue();
			assertThat(anchors).as("headings of %s", alertsDoc).contains(runbook.group(1));
		});
	}

	@Test
	void everyAlertIsUnitTestedFiringAndQuiet() throws IOException {
		Map<String, Object> unitTests = new Yaml().load(Files.readString(this.rules.unitTests()));
		Map<String, Set<Boolean>> outcomes = new HashMap<>();
		List<Map<String, Object>> tests = PrometheusRules.cast(unitTests.get("tests"));
		for (Map<String, Object> test : tests) {
			List<Map<String, Object>> alertTests = PrometheusRules
				.cast(test.getOrDefault("alert_rule_test", List.of()));
			for (Map<String, Object> alertTest : alertTests) {
				List<?> expected = PrometheusRules.cast(alertTest.get("exp_alerts"));
				outcomes.computeIfAbsent((String) alertTest.get("alertname"), (name) -> new HashSet<>())
					.add(!expected.isEmpty());
			}
		}
		Map<String, Set<Boolean>> bothOutcomes = new HashMap<>();
		for (Map<String, Object> alert : this.rules.alerts()) {
			bothOutcomes.put((String) alert.get("alert"), Set.of(true, false));
		}
		assertThat(outcomes).as("alerts tested firing (true) and staying quiet (false)").isEqualTo(bothOutcomes);
	}

	@Test
	void promtoolChecksTheRules() throws Exception {
		assertThat(promtool("check", "rules", this.rules.file().toString())).contains("SUCCESS");
	}

	@Test
	void promtoolUnitTestsPass() throws Exception {
		assertThat(promtool("test", "rules", this.rules.unitTests().toString())).contains("SUCCESS");
	}

	/**
	 * The anchors GitHub gives the headings of a Markdown page.
	 */
	private static Set<String> anchors(String markdown) {
		return HEADING.matcher(markdown)
			.results()
			.map((heading) -> heading.group(1).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-'))
			.collect(Collectors.toSet());
	}

	private static String promtool(String... arguments) throws Exception {
		Optional<Path> promtool = PrometheusServer.findBinary()
			.map((prometheus) -> prometheus.resolveSibling("promtool"))
			.filter(Files::isExecutable);
		// Like PrometheusIT: skipped without Prometheus, except on CI, which installs it.
		assumeTrue(System.getenv("CI") != null || promtool.isPresent(),
				"No 'promtool' next to the 'prometheus' binary: skipped");
		List<String> command = new ArrayList<>();
		command.add(promtool.orElseThrow(() -> new IllegalStateException(
				"No 'promtool' next to the 'prometheus' binary (apt-get install --no-install-recommends prometheus)"))
			.toString());
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes());
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("promtool finished").isTrue();
		assertThat(process.exitValue()).as("exit value of %s:%n%s", command, output).isZero();
		return output;
	}

}
