package io.github.tomcatlatency.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End-to-end test of the packaged sample: real HTTP against {@code java -jar}, read back
 * through the Prometheus scrape endpoint.
 */
class SampleJarIT {

	private static final String COUNT = "tomcat_latency_request_seconds_count";

	private static final String SUM = "tomcat_latency_request_seconds_sum";

	private static SampleJar sample;

	private static PrometheusSamples scrape;

	private static final List<String> rawPaths = new ArrayList<>();

	@BeforeAll
	static void driveTraffic() throws Exception {
		sample = SampleJar.start();
		for (int i = 0; i < 3; i++) {
			assertThat(sample.get("/fast").statusCode()).isEqualTo(200);
			assertThat(sample.get("/filtered").statusCode()).isEqualTo(200);
			assertThat(sample.get("/slow?millis=300").statusCode()).isEqualTo(200);
			rawPaths.add("/greetings/" + UUID.randomUUID());
			assertThat(sample.get(rawPaths.get(rawPaths.size() - 1)).statusCode()).isEqualTo(200);
			rawPaths.add("/no/such/page/" + UUID.randomUUID());
			assertThat(sample.get(rawPaths.get(rawPaths.size() - 1)).statusCode()).isEqualTo(404);
		}
		assertThat(sample.get("/swagger-ui/index.html").statusCode()).isEqualTo(200);
		assertThat(sample.get("/v3/api-docs").statusCode()).isEqualTo(200);
		// Tomcat records a request just after its response is sent: give the last one a
		// moment.
		Thread.sleep(200);
		scrape = PrometheusSamples.parse(sample.get("/actuator/prometheus").body());
	}

	@AfterAll
	static void stop() throws Exception {
		if (sample != null) {
			sample.close();
		}
	}

	@Test
	void everyRequestIsCountedOnceInEachPhase() {
		for (String phase : Set.of("container", "filters", "mvc")) {
			assertThat(scrape.sum(COUNT, Map.of("uri", "/fast", "phase", phase))).as(phase).isEqualTo(3);
		}
	}

	@Test
	void slowFilterDominatesItsRoute() {
		assertDominates("/filtered", "filters");
	}

	@Test
	void slowControllerDominatesItsRoute() {
		assertDominates("/slow", "mvc");
	}

	@Test
	void routesArePatternsAndActuatorIsLeftOut() {
		Set<String> uris = scrape.named(COUNT).map((sample) -> sample.labels().get("uri")).collect(Collectors.toSet());
		assertThat(uris).contains("/greetings/{name}", "/fast", "/filtered", "/slow")
			.doesNotContainAnyElementsOf(rawPaths)
			.noneMatch((uri) -> uri.startsWith("/actuator"));
	}

	@Test
	void histogramComesFromBootsDistributionProperties() {
		assertThat(scrape.named("tomcat_latency_request_seconds_bucket")
			.filter((sample) -> "0.025".equals(sample.labels().get("le")) || "+Inf".equals(sample.labels().get("le"))))
			.isNotEmpty();
	}

	@Test
	void tagsAreTheDocumentedOnes() {
		assertThat(scrape.named(COUNT)).allSatisfy((sample) -> assertThat(sample.labels().keySet())
			.containsAll(Set.of("phase", "method", "uri", "outcome")));
	}

	@Test
	@SuppressWarnings("unchecked")
	void advisoryDataComesFromTheDataArtifactInsideTheFatJar() throws Exception {
		Map<String, Object> report = JsonParserFactory.getJsonParser()
			.parseMap(sample.get("/actuator/tomcat-latency").body());
		Map<String, Object> data = (Map<String, Object>) ((Map<String, Object>) report.get("tomcat"))
			.get("advisoryData");
		assertThat(data).containsEntry("source", "ARTIFACT").containsEntry("warnings", List.of());
		assertThat((String) data.get("dataDate")).isGreaterThanOrEqualTo("2026-11-19");
	}

	@Test
	void contextStartedFromItsConfigurationClassesWithoutTheSpringAotFlag() throws Exception {
		// The jar holds Spring AOT's code (process-aot), which a start without the flag
		// does not run.
		Map<String, Object> report = JsonParserFactory.getJsonParser()
			.parseMap(sample.get("/actuator/tomcat-latency").body());
		assertThat(report).containsEntry("springAot", false);
	}

	@Test
	void logHasNoErrorAndOnlyTheApplicationsOwnWarnings() throws Exception {
		// springdoc warns that its endpoints are on by default, with or without the
		// starter.
		assertThat(sample.output().lines()).anyMatch((line) -> line.contains("Tomcat warm-up sent"))
			.noneMatch((line) -> line.contains(" ERROR "))
			.filteredOn((line) -> line.contains(" WARN "))
			.allMatch((line) -> line.contains("SpringDoc"));
	}

	private void assertDominates(String uri, String dominant) {
		double total = scrape.sum(SUM, Map.of("uri", uri));
		assertThat(scrape.sum(SUM, Map.of("uri", uri, "phase", dominant))).as(dominant).isGreaterThan(total / 2);
	}

}
