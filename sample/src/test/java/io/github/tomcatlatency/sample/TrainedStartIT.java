package io.github.tomcatlatency.sample;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End-to-end tests of the trained starts that the build's {@code tomcat-latency:train}
 * executions wrote: the training run served each route and exited before accepting
 * traffic; each trained start, launched with the script the goal wrote, becomes ready,
 * runs with the cache the training produced and from Spring AOT's generated code (the
 * sample is built with {@code process-aot}) according to the report, and answers its
 * first request on a route the warm-up reached before readiness.
 */
class TrainedStartIT {

	@Test
	void trainedStartOnTheBuildsJdkUsesItsCdsArchiveOrAotCache() throws Exception {
		String javaHome = System.getProperty("java.home");
		String kind = (Runtime.version().feature() >= 25) ? "AOT_CACHE" : "CDS_ARCHIVE";
		assertTrainedStart(Path.of(System.getProperty("trained.start")), javaHome, kind);
	}

	@Test
	void trainingRunServedEachRouteAsOftenAsConfiguredAndExitedBeforeAcceptingTraffic() throws Exception {
		// The goal keeps the training run's whole output beside its output directory.
		Path trainedStart = Path.of(System.getProperty("trained.start"));
		Path log = trainedStart.resolveSibling(trainedStart.getFileName() + "-training.log");
		assertThat(Files.readString(log)).contains("Training run sent")
			.contains("GET /fast x3")
			.contains("GET /filtered x3")
			.contains("GET /greetings/training x3")
			.contains("Starting AOT-processed")
			.doesNotContain("ACCEPTING_TRAFFIC");
	}

	@Test
	void trainedStartOnJava25UsesItsAotCache() throws Exception {
		Path java25 = Java25.home();
		assertTrainedStart(Path.of(System.getProperty("trained.start.java25")), java25.toString(), "AOT_CACHE");
	}

	private void assertTrainedStart(Path output, String javaHome, String kind) throws Exception {
		Path script = output.resolve("application/start.sh");
		assertThat(script).as("the train goal's launch script").isExecutable();
		// The sample is built with process-aot: trained and launched from Spring AOT's
		// code.
		assertThat(output.resolve("application/java.args")).content().contains("-Dspring.aot.enabled=true");
		try (SampleJar sample = SampleJar.start(List.of(script.toString()), Map.of("JAVA_HOME", javaHome))) {
			assertThat(sample.get("/greetings/ada").statusCode()).isEqualTo(200);
			// Tomcat records a request just after its response is sent.
			Thread.sleep(200);
			Map<String, Object> report = JsonParserFactory.getJsonParser()
				.parseMap(sample.get("/actuator/tomcat-latency").body());
			assertThat(report).containsEntry("springAot", true);
			Map<String, Object> cache = map(report, "jvmCache");
			assertThat(cache).containsEntry("kind", kind)
				.containsEntry("inUse", true)
				.containsEntry("trainedByStarter", true);
			assertThat(((Number) cache.get("sharedClasses")).longValue()).isPositive();
			Map<String, Object> first = map(map(report, "coldRequests"), "firstRequest");
			assertThat(first).containsEntry("route", "/greetings/{name}");
			assertThat(map(first, "cause")).containsEntry("warmup", "REACHED");
			List<?> risks = (List<?>) map(report, "tomcat").get("configurationRisks");
			assertThat(risks).noneMatch((risk) -> String.valueOf(risk).contains("jvm-cache"));
			assertThat(sample.output()).doesNotContain("Unable to use shared archive").doesNotContain("[error");
		}
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Map<String, Object> map, String key) {
		assertThat(map).containsKey(key);
		return (Map<String, Object>) map.get(key);
	}

}
