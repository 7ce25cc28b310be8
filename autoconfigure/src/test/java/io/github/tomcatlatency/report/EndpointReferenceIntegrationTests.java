package io.github.tomcatlatency.report;

import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.tomcatlatency.advisory.TomcatVersion;
import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import org.apache.catalina.Context;
import org.apache.catalina.util.ServerInfo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Tests that the {@code tomcat-latency} report a real application gets over real HTTP is
 * the one {@code docs/endpoint.md} documents: with field names that do not change with
 * the application's Jackson settings, every field it produces documented, and every
 * documented field produced. The application is set up so that every part of the report
 * has content: a spike, an advisory that affects the running Tomcat, a configuration
 * risk.
 */
@SpringBootTest(classes = EndpointReferenceIntegrationTests.TestApplication.class,
		webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=tomcatlatency",
				"spring.jackson.property-naming-strategy=SNAKE_CASE", "tomcat-latency.report.spike-idle=300ms",
				"tomcat-latency.report.spike-factor=2" })
@TestInstance(Lifecycle.PER_CLASS)
class EndpointReferenceIntegrationTests {

	private static final Path REFERENCE = Path.of(System.getProperty("main.basedir", ".."), "docs", "endpoint.md");

	private static final Pattern SECTION = Pattern.compile("^### .*");

	private static final Pattern PATH = Pattern.compile("`(\\$[^`]*)`");

	private static final Pattern FIELD = Pattern.compile("^\\| `([A-Za-z0-9]+)` \\| ([^|]+) \\|");

	private final HttpClient client = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	private Map<String, Object> report;

	@DynamicPropertySource
	static void advisoryData(DynamicPropertyRegistry registry) throws IOException {
		// An advisory fixed in the release after the running one, so that the report
		// lists an advisory and a remedy whichever Tomcat the Boot version ships.
		String info = ServerInfo.getServerInfo();
		TomcatVersion running = TomcatVersion.parse(info.substring(info.indexOf('/') + 1).trim());
		String next = running.branch() + "." + (Integer.parseInt(running.toString().split("\\.")[2]) + 1);
		Path data = Files.createTempFile("tomcat-advisories", ".txt");
		data.toFile().deleteOnExit();
		Files.writeString(data,
				String.join("\n", "data-date: 2026-12-01", "latest: " + next,
						"TEST-1 | security | Low | Test advisory fixed in the next release | core | " + next
								+ " | reference | https://example.org/test-1",
						""));
		registry.add("tomcat-latency.advisories.location", () -> data.toUri().toString());
	}

	@BeforeAll
	void sendTrafficWithASpike() throws Exception {
		// A route whose first request is slow: cold, with a remedy.
		for (int i = 0; i < 5; i++) {
			assertThat(get("/cold").statusCode()).isEqualTo(200);
		}
		for (int i = 0; i < 20; i++) {
			assertThat(get("/things/" + i).statusCode()).isEqualTo(200);
		}
		// Idle for longer than spike-idle, then far above the route's median.
		Thread.sleep(400);
		assertThat(get("/things/slow").statusCode()).isEqualTo(200);
		await().untilAsserted(() -> assertThat(spikeCount(report())).isPositive());
		this.report = report();
	}

	@Test
	void applicationJsonFollowsTheApplicationsNamingStrategy() throws Exception {
		assertThat(get("/json").body()).contains("\"some_field\"");
	}

	@Test
	void reportKeepsItsCamelCaseNamesWhateverTheApplicationsNamingStrategy() {
		assertThat(this.report).containsKeys("coldRequests", "phases", "cache", "warmup", "jvmCache", "tomcat");
		assertThat(map(this.report, "jvmCache")).containsKeys("trainedByStarter", "sharedClasses", "javaVersion");
		assertThat(map(this.report, "coldRequests")).containsKeys("firstRequest", "worstRoutes");
		assertThat(map(this.report, "tomcat")).containsKeys("highestSeverity", "configurationRisks");
	}

	@Test
	void reportIsTyped() {
		Map<String, Object> tomcat = map(this.report, "tomcat");
		assertThat(tomcat).containsEntry("status", "BEHIND");
		assertThat(map(tomcat, "advisoryData")).containsEntry("source", "LOCATION")
			.containsEntry("dataDate", "2026-12-01");
		assertThat(tomcat.get("highestSeverity")).isEqualTo("LOW");
		assertThat((List<Map<String, Object>>) tomcat.get("advisories")).singleElement()
			.satisfies((advisory) -> assertThat(advisory).containsEntry("applies", "YES")
				.containsEntry("kind", "SECURITY")
				.containsEntry("rating", "LOW"));
		assertThat((List<Map<String, Object>>) tomcat.get("configurationRisks"))
			.anySatisfy((risk) -> assertThat(risk).containsEntry("id", "mapper-directory-redirect")
				.containsEntry("severity", "HIGH"));
		assertThat(map(map(this.report, "coldRequests"), "spikes")).containsEntry("idleMs", 300.0);
	}

	@Test
	@SuppressWarnings("unchecked")
	void coldRouteGetsTheApplicationYmlThatWarmsIt() {
		Map<String, Object> remedy = map(map(this.report, "coldRequests"), "remedy");
		assertThat((List<String>) remedy.get("routes")).contains("GET /cold");
		assertThat((String) remedy.get("applicationYml")).startsWith("tomcat-latency:\n  warmup:\n    requests:\n")
			.contains("      - path: /cold\n");
		assertThat((List<String>) remedy.get("discoverableRoutes")).contains("/cold");
		Map<String, Object> cold = ((List<Map<String, Object>>) map(this.report, "coldRequests").get("worstRoutes"))
			.stream()
			.filter((route) -> "/cold".equals(route.get("route")))
			.findFirst()
			.orElseThrow();
		Map<String, Object> cause = map(cold, "cause");
		assertThat(cause).containsEntry("warmup", "NOT_SENT")
			.containsEntry("remedy", "tomcat-latency.warmup.discover-routes=true");
		assertThat(((Number) cause.get("classesLoaded")).longValue()).isNotNegative();
	}

	@Test
	void everyFieldTheEndpointProducesIsDocumented() throws IOException {
		Map<String, Section> sections = sections();
		Set<String> produced = new HashSet<>();
		walkJson(this.report, "$", sections, produced);
		assertThat(produced).as("fields produced but not documented in %s", REFERENCE).isSubsetOf(documented(sections));
	}

	@Test
	void everyDocumentedFieldIsProducedAndEveryFieldThatMayBeAbsentIsDocumented() throws IOException {
		// The actuator leaves null fields out: the descriptors tell which fields the
		// report has when they are set.
		Map<String, Section> sections = sections();
		Set<String> fields = new HashSet<>();
		walkType(TomcatLatencyReport.class, "$", sections, fields);
		assertThat(documented(sections)).as("fields documented in %s", REFERENCE).isEqualTo(fields);
	}

	private static Set<String> documented(Map<String, Section> sections) {
		Set<String> documented = new HashSet<>();
		sections.values()
			.forEach((section) -> section.fields.keySet().forEach((field) -> documented.add(section.key(field))));
		return documented;
	}

	private void walkType(Type type, String path, Map<String, Section> sections, Set<String> fields) {
		if (type instanceof ParameterizedType parameterized && parameterized.getRawType() == List.class) {
			walkType(parameterized.getActualTypeArguments()[0], path + "[*]", sections, fields);
		}
		else if (type instanceof Class<?> recordType && recordType.isRecord()) {
			Section section = sections.get(path);
			assertThat(section).as("%s documents the object at %s", REFERENCE, path).isNotNull();
			for (RecordComponent component : recordType.getRecordComponents()) {
				fields.add(section.key(component.getName()));
				walkType(component.getGenericType(), path + "." + component.getName(), sections, fields);
			}
		}
	}

	private void walkJson(Object node, String path, Map<String, Section> sections, Set<String> produced) {
		if (node instanceof Map<?, ?> object) {
			Section section = sections.get(path);
			assertThat(section).as("%s documents the object at %s", REFERENCE, path).isNotNull();
			object.forEach((key, value) -> {
				String type = section.fields.get((String) key);
				assertThat(type).as("%s documents %s.%s", REFERENCE, path, key).isNotNull();
				produced.add(section.key((String) key));
				// A map's keys are values, not fields: it is documented as a whole.
				if (!type.startsWith("map")) {
					walkJson(value, path + "." + key, sections, produced);
				}
			});
		}
		else if (node instanceof List<?> array) {
			array.forEach((element) -> walkJson(element, path + "[*]", sections, produced));
		}
	}

	/**
	 * Read the reference: each {@code ###} section lists the JSON paths of its object in
	 * its heading and documents its fields in a table.
	 */
	private static Map<String, Section> sections() throws IOException {
		Map<String, Section> sections = new LinkedHashMap<>();
		Section section = null;
		for (String line : Files.readAllLines(REFERENCE)) {
			if (SECTION.matcher(line).matches()) {
				List<String> paths = new ArrayList<>();
				Matcher matcher = PATH.matcher(line);
				while (matcher.find()) {
					paths.add(matcher.group(1));
				}
				section = paths.isEmpty() ? null : new Section(line);
				for (String path : paths) {
					assertThat(sections.put(path, section)).as("%s documents %s once", REFERENCE, path).isNull();
				}
				continue;
			}
			Matcher field = FIELD.matcher(line);
			if (section != null && field.find()) {
				assertThat(section.fields.put(field.group(1), field.group(2).strip()))
					.as("%s documents %s once in %s", REFERENCE, field.group(1), section.title)
					.isNull();
			}
		}
		assertThat(sections).as("sections of %s", REFERENCE).isNotEmpty();
		return sections;
	}

	private static long spikeCount(Map<String, Object> report) {
		return ((Number) map(map(report, "coldRequests"), "spikes").get("count")).longValue();
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Map<String, Object> map, String key) {
		assertThat(map).containsKey(key);
		return (Map<String, Object>) map.get(key);
	}

	private Map<String, Object> report() throws IOException, InterruptedException {
		HttpResponse<String> response = get("/actuator/tomcat-latency");
		assertThat(response.statusCode()).isEqualTo(200);
		return JsonParserFactory.getJsonParser().parseMap(response.body());
	}

	private HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return this.client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private static final class Section {

		private final String title;

		private final Map<String, String> fields = new LinkedHashMap<>();

		Section(String title) {
			this.title = title;
		}

		String key(String field) {
			return this.title + " / " + field;
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class TestApplication {

		@Bean
		EmbeddedTomcatSetup mapperDirectoryRedirect() {
			return new EmbeddedTomcatSetup() {

				@Override
				public void customize(Context context) {
					context.setMapperDirectoryRedirectEnabled(true);
				}

			};
		}

		@RestController
		static class Things {

			@GetMapping("/things/{id}")
			String thing(@PathVariable String id) throws InterruptedException {
				if (id.equals("slow")) {
					Thread.sleep(300);
				}
				return id;
			}

			private final AtomicBoolean cold = new AtomicBoolean(true);

			@GetMapping("/cold")
			String cold() throws InterruptedException {
				if (this.cold.getAndSet(false)) {
					Thread.sleep(200);
				}
				return "cold";
			}

			@GetMapping("/json")
			Example json() {
				return new Example("value");
			}

		}

		record Example(String someField) {

		}

	}

}
