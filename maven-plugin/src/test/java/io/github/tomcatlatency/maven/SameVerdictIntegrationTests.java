package io.github.tomcatlatency.maven;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.apache.catalina.util.ServerInfo;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The verdict on one Tomcat version is the same, field for field, in the endpoint of a
 * running application, in the scanner run with {@code java -jar} on a fat jar that holds
 * that application's Tomcat jar, and in this plugin for a project that resolves it. The
 * fields that depend on a running server's configuration ({@code applies},
 * {@code components}' usage, {@code highestSeverity}, configuration risks) are the
 * endpoint's alone.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
		"management.endpoints.web.exposure.include=tomcat-latency", "tomcat-latency.warmup.enabled=false" })
class SameVerdictIntegrationTests {

	private static final List<String> TOMCAT_FIELDS = List.of("version", "branch", "status", "latestKnownRelease",
			"releasesBehind");

	private static final List<String> ADVISORY_FIELDS = List.of("id", "kind", "rating", "title", "fixedIn",
			"lastAffected", "source", "osv", "aliases");

	private static final List<String> REMEDY_FIELDS = List.of("version", "maven", "gradle", "springBootReleases",
			"fixUnconfirmed", "fixUnknown");

	private static final JsonMapper JSON = JsonMapper.builder()
		.changeDefaultPropertyInclusion((inclusion) -> inclusion.withValueInclusion(JsonInclude.Include.NON_NULL))
		.build();

	@LocalServerPort
	private int port;

	@TempDir
	Path directory;

	@Test
	void endpointScannerAndPluginGiveTheSameVerdict() throws Exception {
		JsonNode endpoint = endpointVerdict();
		JsonNode scanner = scannerVerdict();
		JsonNode plugin = pluginVerdict();
		String version = ServerInfo.getServerNumber().replaceFirst("\\.0$", "");
		assertThat(endpoint.get("version").asString()).isEqualTo(version);
		// Boot's managed Tomcat is behind the data's latest release: there is something
		// to compare
		assertThat(advisories(endpoint)).isNotEmpty();
		assertThat(remedy(endpoint)).isNotEmpty();
		for (JsonNode other : List.of(scanner, plugin)) {
			for (String field : TOMCAT_FIELDS) {
				assertThat(other.get(field)).as(field).isEqualTo(endpoint.get(field));
			}
			assertThat(advisories(other)).isEqualTo(advisories(endpoint));
			assertThat(remedy(other)).isEqualTo(remedy(endpoint));
		}
	}

	private JsonNode endpointVerdict() throws IOException, InterruptedException {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://localhost:" + this.port + "/actuator/tomcat-latency"))
			.build();
		HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(200);
		return JSON.readTree(response.body()).get("tomcat");
	}

	private JsonNode scannerVerdict() throws Exception {
		Path fatJar = fatJarWithTheRunningTomcat();
		Path cliJar = Path.of(System.getProperty("cli.jar"));
		assertThat(cliJar).as("the scanner's executable jar: build the cli module first").isRegularFile();
		Path out = this.directory.resolve("out.json");
		Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
				cliJar.toString(), "--format", "json", "--fail-on", "none", fatJar.toString())
			.redirectOutput(out.toFile())
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).isZero();
		return JSON.readTree(Files.readString(out, StandardCharsets.UTF_8)).get("applications").get(0).get("tomcat");
	}

	private JsonNode pluginVerdict() throws Exception {
		MavenProject project = new MavenProject();
		project.setGroupId("com.example");
		project.setArtifactId("app");
		project.setVersion("1.0");
		project.setArtifacts(Set.of(artifact("org.springframework.boot", "spring-boot", SpringBootVersion.getVersion()),
				artifact("org.apache.tomcat.embed", "tomcat-embed-core", ServerInfo.getServerInfo().split("/")[1])));
		CheckMojo mojo = new CheckMojo();
		ReflectionTestUtils.setField(mojo, "project", project);
		ReflectionTestUtils.setField(mojo, "failOn", "important");
		return JSON.valueToTree(mojo.verdict()).get("tomcat");
	}

	private static Artifact artifact(String groupId, String artifactId, String version) {
		return new DefaultArtifact(groupId, artifactId, version, "compile", "jar", "",
				new DefaultArtifactHandler("jar"));
	}

	// A fat jar whose BOOT-INF/lib holds the very Tomcat jar the endpoint runs on
	private Path fatJarWithTheRunningTomcat() throws Exception {
		Path tomcatJar = Path.of(ServerInfo.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		manifest.getMainAttributes().putValue("Spring-Boot-Version", SpringBootVersion.getVersion());
		ByteArrayOutputStream manifestBytes = new ByteArrayOutputStream();
		manifest.write(manifestBytes);
		Path fatJar = this.directory.resolve("app.jar");
		try (OutputStream output = Files.newOutputStream(fatJar); ZipOutputStream zip = new ZipOutputStream(output)) {
			zip.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
			zip.write(manifestBytes.toByteArray());
			byte[] tomcat = Files.readAllBytes(tomcatJar);
			CRC32 crc = new CRC32();
			crc.update(tomcat);
			ZipEntry entry = new ZipEntry("BOOT-INF/lib/" + tomcatJar.getFileName());
			entry.setMethod(ZipEntry.STORED);
			entry.setSize(tomcat.length);
			entry.setCrc(crc.getValue());
			zip.putNextEntry(entry);
			zip.write(tomcat);
		}
		return fatJar;
	}

	private static Map<String, Map<String, JsonNode>> advisories(JsonNode tomcat) {
		Map<String, Map<String, JsonNode>> advisories = new TreeMap<>();
		for (JsonNode advisory : tomcat.get("advisories")) {
			advisories.put(advisory.get("id").asString(), fields(advisory, ADVISORY_FIELDS));
		}
		return advisories;
	}

	private static Map<String, JsonNode> remedy(JsonNode tomcat) {
		JsonNode remedy = tomcat.get("remedy");
		return (remedy != null) ? fields(remedy, REMEDY_FIELDS) : Map.of();
	}

	private static Map<String, JsonNode> fields(JsonNode node, List<String> names) {
		Map<String, JsonNode> fields = new TreeMap<>();
		for (String name : names) {
			fields.put(name, node.has(name) ? node.get(name) : null);
		}
		return fields;
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class TestApplication {

	}

}
