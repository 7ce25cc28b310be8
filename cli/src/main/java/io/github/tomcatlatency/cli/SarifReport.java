package io.github.tomcatlatency.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.Severity;
import io.github.tomcatlatency.scan.ScanVerdict;
import io.github.tomcatlatency.scan.ScanVerdict.Finding;
import io.github.tomcatlatency.scan.ScanVerdict.Tomcat;
import io.github.tomcatlatency.scan.ScanVerdict.Upgrade;
import org.jspecify.annotations.Nullable;

/**
 * Writes verdicts as SARIF 2.1.0 for code-scanning tools: one rule per advisory id (and
 * one for a Tomcat the data cannot judge), one result per finding, each with the remedy
 * in its message.
 */
final class SarifReport {

	private static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

	private static final String UNJUDGED_RULE = "TOMCAT-RISK-UNKNOWN";

	private final Map<String, Map<String, Object>> rules = new LinkedHashMap<>();

	private final List<Map<String, Object>> results = new ArrayList<>();

	private SarifReport() {
	}

	static String write(List<ScanVerdict> verdicts) {
		SarifReport report = new SarifReport();
		verdicts.forEach(report::add);
		Map<String, Object> driver = new LinkedHashMap<>();
		driver.put("name", "tomcat-latency");
		driver.put("rules", List.copyOf(report.rules.values()));
		Map<String, Object> run = new LinkedHashMap<>();
		run.put("tool", Map.of("driver", driver));
		run.put("results", report.results);
		Map<String, Object> sarif = new LinkedHashMap<>();
		sarif.put("$schema", SCHEMA);
		sarif.put("version", "2.1.0");
		sarif.put("runs", List.of(run));
		return JsonReport.MAPPER.writeValueAsString(sarif);
	}

	private void add(ScanVerdict verdict) {
		Tomcat tomcat = verdict.tomcat();
		if (tomcat == null) {
			return;
		}
		String remedy = remedy(tomcat.remedy());
		if (!tomcat.status().isCovered()) {
			rule(UNJUDGED_RULE, "Tomcat version whose risk the advisory data cannot judge",
					"https://tomcat.apache.org/whichversion.html", "error", "security");
			result(UNJUDGED_RULE, "error", verdict, "Tomcat " + tomcat.version() + " (" + tomcat.status()
					+ "): the advisory data cannot judge its " + "risk; it is unknown, not absent." + remedy);
		}
		for (Finding finding : tomcat.advisories()) {
			String level = level(finding);
			rule(finding.id(), finding.title(), finding.source(), level,
					(finding.kind() == Kind.SECURITY) ? "security" : "performance");
			String fix = (finding.fixedIn() != null) ? " Fixed in " + finding.fixedIn() + "." : " No fix named.";
			String applies = (finding.applies() == ScanVerdict.Applicability.YES) ? ""
					: " May apply: needs " + String.join(", ", finding.components()) + ".";
			result(finding.id(), level, verdict, "Tomcat " + tomcat.version() + " is affected by " + finding.id() + " ("
					+ rating(finding) + "): " + finding.title() + "." + fix + applies + remedy);
		}
	}

	private void rule(String id, String description, String helpUri, String level, String tag) {
		this.rules.computeIfAbsent(id, (key) -> {
			Map<String, Object> rule = new LinkedHashMap<>();
			rule.put("id", id);
			rule.put("shortDescription", Map.of("text", description));
			rule.put("helpUri", helpUri);
			rule.put("defaultConfiguration", Map.of("level", level));
			rule.put("properties", Map.of("tags", List.of(tag, "tomcat")));
			return rule;
		});
	}

	private void result(String ruleId, String level, ScanVerdict verdict, String message) {
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("ruleId", ruleId);
		result.put("ruleIndex", List.copyOf(this.rules.keySet()).indexOf(ruleId));
		result.put("level", level);
		result.put("message", Map.of("text", message));
		result.put("locations", List
			.of(Map.of("physicalLocation", Map.of("artifactLocation", Map.of("uri", uri(verdict.location()))))));
		this.results.add(result);
	}

	// SARIF locations are URIs: forward slashes, relative to where the scan ran
	private static String uri(String location) {
		return location.replace('\\', '/');
	}

	private static String level(Finding finding) {
		if (finding.kind() == Kind.PERFORMANCE) {
			return "warning";
		}
		return switch (finding.rating()) {
			case CRITICAL, IMPORTANT, UNRATED -> "error";
			case MODERATE -> "warning";
			case LOW, NONE -> "note";
		};
	}

	private static String rating(Finding finding) {
		return (finding.kind() == Kind.PERFORMANCE) ? "latency bug"
				: (finding.rating() == Severity.UNRATED) ? "rating unknown" : finding.rating().name();
	}

	private static String remedy(@Nullable Upgrade remedy) {
		if (remedy == null) {
			return "";
		}
		return " Remedy: run Tomcat " + remedy.version() + ": Maven " + remedy.maven() + ", Gradle " + remedy.gradle()
				+ (remedy.springBootReleases().isEmpty() ? "; no Spring Boot release known to the data ships it."
						: "; or Spring Boot " + String.join(", ", remedy.springBootReleases()) + ".");
	}

}
