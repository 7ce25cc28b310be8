package io.github.tomcatlatency.autoconfigure.phase;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import io.github.tomcatlatency.autoconfigure.internal.EmbeddedTomcatSetup;
import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.phase.internal.TimedResourceSet;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.WebResourceRoot.ResourceSetType;
import org.apache.catalina.WebResourceSet;
import org.apache.catalina.webresources.JarWarResourceSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Integration tests for the count of Tomcat's resource lookups per request, on a real
 * embedded Tomcat over real HTTP: a jar with {@code META-INF/resources}, mounted as
 * Spring Boot mounts those of the application's jars, answers
 * {@code ServletContext.getResource}. With Tomcat's resource cache off every request
 * walks the jar, and the request names it; with the starter's cache on, the jar's
 * resource is pinned after its first lookup and later requests make none. Mounted as
 * Tomcat mounts a jar of a WAR's {@code WEB-INF/lib}, the lookups name the jar, not the
 * WAR.
 */
class ResourceLookupsIntegrationTests {

	private static final int REQUESTS = 5;

	static Path jar;

	static Path war;

	// Where the test application mounts the jar: as Spring Boot mounts it, or inside a
	// WAR.
	static volatile URL mount;

	private final HttpClient client = HttpClient.newHttpClient();

	@BeforeAll
	static void createJar(@TempDir Path temp) throws IOException {
		jar = temp.resolve("lookups-webjar-1.0.jar");
		try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
			out.putNextEntry(new JarEntry("META-INF/resources/from-jar.txt"));
			out.write("from the jar".getBytes(StandardCharsets.UTF_8));
			out.closeEntry();
		}
		war = temp.resolve("lookups-app.war");
		try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(war))) {
			out.putNextEntry(new JarEntry("WEB-INF/lib/" + jar.getFileName()));
			out.write(Files.readAllBytes(jar));
			out.closeEntry();
		}
	}

	@BeforeEach
	void mountAsSpringBootDoes() throws IOException {
		mount = jar.toUri().toURL();
	}

	@Test
	void cachingOffWalksAJarNestedInAWarOnEveryRequestAndNamesTheJar() throws Exception {
		// As Tomcat mounts a jar of a WAR's WEB-INF/lib: a JarWarResourceSet, whose base
		// is the WAR.
		mount = URI.create("jar:" + war.toUri() + "!/WEB-INF/lib/" + jar.getFileName()).toURL();
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.allow-caching=false")) {
			assertThat(context.getBean(MountedSets.class).types).contains(JarWarResourceSet.class);
			assertEveryRequestWalksAndNamesTheJar(context);
		}
	}

	@Test
	void cachingOffWalksTheJarOnEveryRequestAndNamesIt() throws Exception {
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.allow-caching=false")) {
			assertEveryRequestWalksAndNamesTheJar(context);
		}
	}

	private void assertEveryRequestWalksAndNamesTheJar(ConfigurableApplicationContext context) throws Exception {
		assertThat(requests(context)).allSatisfy((request) -> {
			assertThat(request.lookups()).isPositive();
			assertThat(request.nanos()).isPositive();
			assertThat(request.set()).isEqualTo(jar.getFileName().toString());
		});
	}

	@Test
	void starterCacheServesTheJarsResourceWithoutLookups() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			List<Lookups> lookups = requests(context);
			assertThat(lookups.get(0).lookups()).isPositive();
			assertThat(lookups.subList(1, lookups.size())).allSatisfy((request) -> {
				assertThat(request.lookups()).isZero();
				assertThat(request.set()).isNull();
			});
		}
	}

	private List<Lookups> requests(ConfigurableApplicationContext context) throws Exception {
		LookupsRecorder recorder = context.getBean(LookupsRecorder.class);
		int port = port(context);
		for (int i = 0; i < REQUESTS; i++) {
			HttpResponse<String> response = this.client.send(
					HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/resource")).build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(response.body()).isEqualTo("found");
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> recorder.lookups.size() >= REQUESTS);
		return recorder.lookups;
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	private static ConfigurableApplicationContext start(String... properties) {
		// Jetty is on the test class path for back-off tests.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "tomcat-latency.warmup.enabled=false")
			.properties(properties)
			.run();
	}

	/**
	 * One request's resource lookups.
	 */
	record Lookups(long lookups, long nanos, String set) {

	}

	/**
	 * Keeps the lookups of each request to {@code /resource}.
	 */
	static class LookupsRecorder implements PhaseRecorder {

		private final List<Lookups> lookups = new CopyOnWriteArrayList<>();

		@Override
		public void record(Route route, String method, int status, long containerNanos, long filtersNanos,
				long mvcNanos) {
		}

		@Override
		public void record(Route route, String method, int status, CompletedRequest request) {
			if (route.uri().equals("/resource")) {
				this.lookups.add(new Lookups(request.resourceLookups(), request.resourceLookupNanos(),
						request.slowestResourceSet()));
			}
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(ResourceController.class)
	static class TestApplication {

		@Bean
		LookupsRecorder lookupsRecorder() {
			return new LookupsRecorder();
		}

		@Bean
		MountedSets mountedSets() {
			return new MountedSets();
		}

		@Bean
		EmbeddedTomcatSetup testJar(MountedSets mountedSets) {
			return new EmbeddedTomcatSetup() {

				@Override
				public void customize(Context context) {
					context.addLifecycleListener((event) -> {
						if (event.getType().equals(Lifecycle.BEFORE_INIT_EVENT)) {
							// As Spring Boot mounts an application's jar with
							// META-INF/resources, or Tomcat a jar in a WAR.
							context.getResources()
								.createWebResourceSet(ResourceSetType.RESOURCE_JAR, "/", mount, "/META-INF/resources");
						}
						if (event.getType().equals(Lifecycle.AFTER_START_EVENT)) {
							for (WebResourceSet set : context.getResources().getJarResources()) {
								mountedSets.types.add(TimedResourceSet.unwrap(set).getClass());
							}
						}
					});
				}

			};
		}

	}

	/**
	 * The kinds of the jar resource sets the context started with.
	 */
	static class MountedSets {

		private final List<Class<?>> types = new CopyOnWriteArrayList<>();

	}

	@RestController
	static class ResourceController {

		@GetMapping("/resource")
		String resource(HttpServletRequest request) throws IOException {
			URL url = request.getServletContext().getResource("/from-jar.txt");
			return (url != null) ? "found" : "missing";
		}

	}

}
