package io.github.tomcatlatency.autoconfigure.cache;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.cache.ResourceCacheReport;
import io.github.tomcatlatency.cache.ResourceCacheSettings;
import io.github.tomcatlatency.cache.ResourceCacheStatistics;
import io.github.tomcatlatency.cache.TomcatResourceCache;
import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.WebResource;
import org.apache.catalina.WebResourceRoot;
import org.apache.catalina.WebResourceRoot.ResourceSetType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.awaitility.Awaitility.await;

/**
 * Integration tests for Tomcat's resource cache on a real embedded Tomcat. A jar with
 * {@code META-INF/resources} is mounted as Spring Boot mounts those of the application's
 * jars, and a directory is mounted in front of it, where files can be added and edited.
 */
@ExtendWith(OutputCaptureExtension.class)
class ResourceCacheIntegrationTests {

	private static final String SMALL_CONTENT = "from the jar";

	@TempDir
	static Path temp;

	static Path jar;

	static Path directory;

	@BeforeAll
	static void createResources() throws IOException {
		jar = temp.resolve("resources.jar");
		try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
			add(out, "META-INF/resources/small.txt", SMALL_CONTENT);
			add(out, "META-INF/resources/large.txt", "x".repeat(4096));
		}
	}

	private static void add(JarOutputStream out, String name, String content) throws IOException {
		out.putNextEntry(new JarEntry(name));
		out.write(content.getBytes(StandardCharsets.UTF_8));
		out.closeEntry();
	}

	@Test
	void springBootsSettingsAreInForce() {
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.cache-ttl=7s",
				"server.tomcat.resource.cache-max-size=20MB", "tomcat-latency.cache.object-max-size=100KB")) {
			ResourceCacheSettings settings = report(context).settings();
			assertThat(settings.ttlMs()).isEqualTo(7_000.0);
			// Spring Boot 3.5 has no property for the size: Tomcat's default is in force.
			long maxSizeMb = BootLine.RESOURCE_CACHE_MAX_SIZE_PROPERTY ? 20 : 10;
			assertThat(settings.maxSizeBytes()).isEqualTo(maxSizeMb * 1024 * 1024);
			assertThat(settings.objectMaxSizeBytes()).isEqualTo(100L * 1024);
			assertThat(root(context).getCacheTtl()).isEqualTo(7_000);
		}
	}

	@Test
	void nothingIsPinnedOrRememberedUntilLookedUp() {
		try (ConfigurableApplicationContext context = start()) {
			ResourceCacheStatistics statistics = statistics(context);
			assertThat(statistics.pinnedEntries()).isZero();
			assertThat(statistics.pinnedBytes()).isZero();
			assertThat(content(root(context), "/small.txt")).isEqualTo(SMALL_CONTENT);
			assertThat(statistics(context).pinnedEntries()).isOne();
			assertThat(statistics(context).pinnedBytes()).isGreaterThanOrEqualTo(SMALL_CONTENT.length());
		}
	}

	@Test
	void prewarmWhenConfiguredPinsEveryResourceOfTheJars() {
		try (ConfigurableApplicationContext context = start("tomcat-latency.cache.prewarm=true")) {
			assertThat(statistics(context).pinnedEntries()).isEqualTo(2);
		}
	}

	@Test
	void pinnedResourcesNeverRevalidateWhileUnpinnedOnesExpire() throws IOException {
		directory = Files.createTempDirectory(temp, "front");
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.cache-ttl=1s",
				"tomcat-latency.cache.pin-max-size=1KB")) {
			WebResourceRoot root = root(context);
			assertThat(content(root, "/small.txt")).isEqualTo(SMALL_CONTENT);
			assertThat(content(root, "/large.txt")).hasSize(4096);
			// The large one does not fit in 1KB.
			assertThat(statistics(context).pinnedEntries()).isOne();
			// Files put in front of the jar shadow it once a cache entry is revalidated.
			Files.writeString(directory.resolve("small.txt"), "shadow");
			Files.writeString(directory.resolve("large.txt"), "shadow");
			await().atMost(Duration.ofSeconds(20)).until(() -> content(root, "/large.txt").equals("shadow"));
			long pinnedHits = statistics(context).pinnedHits();
			assertThat(content(root, "/small.txt")).isEqualTo(SMALL_CONTENT);
			assertThat(statistics(context).pinnedHits()).isEqualTo(pinnedHits + 1);
			// A directory can serve any path: a miss may become a hit, so none is
			// remembered.
			assertThat(root.getResource("/not-yet.txt").exists()).isFalse();
			assertThat(statistics(context).missingEntries()).isZero();
		}
		finally {
			directory = null;
		}
	}

	@Test
	void editInTheDocumentRootIsSeenAfterTheTtl() throws IOException {
		Path documentRoot = Files.createTempDirectory(temp, "docroot");
		Files.writeString(documentRoot.resolve("page.txt"), "first");
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.cache-ttl=1s",
				"test.document-root=" + documentRoot)) {
			WebResourceRoot root = root(context);
			assertThat(content(root, "/page.txt")).isEqualTo("first");
			Files.writeString(documentRoot.resolve("page.txt"), "second edit");
			await().atMost(Duration.ofSeconds(20)).until(() -> content(root, "/page.txt").equals("second edit"));
		}
	}

	@Test
	void repeatedMissesAfterTheTtlAreServedFromTheCache() throws Exception {
		// The original incident: the same missing path looked up again once its cache
		// entry has expired, each time walking every resource set.
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.cache-ttl=1s")) {
			HttpClient client = HttpClient.newHttpClient();
			URI missing = URI.create("http://localhost:" + port(context) + "/missing/site.css");
			// Spring Boot's welcome-page check may have looked up a missing path already.
			long missingAtStart = statistics(context).missingEntries();
			assertThat(status(client, missing)).isEqualTo(404);
			ResourceCacheStatistics first = statistics(context);
			assertThat(first.missingEntries()).isEqualTo(missingAtStart + 1);
			Thread.sleep(1500);
			for (int i = 0; i < 5; i++) {
				assertThat(status(client, missing)).isEqualTo(404);
			}
			ResourceCacheStatistics after = statistics(context);
			assertThat(after.missingHits() - first.missingHits()).isGreaterThanOrEqualTo(5);
			// None went to the TTL cache, whose expired entry would have been
			// revalidated.
			assertThat(after.lookups()).isEqualTo(first.lookups());
			assertThat(after.missingEntries()).isEqualTo(first.missingEntries());
		}
	}

	@Test
	void floodOfRandomNotFoundPathsKeepsPinnedEntriesAndMemoryBounded() throws Exception {
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.cache-max-size=100KB",
				"server.tomcat.resource.cache-ttl=1h")) {
			WebResourceRoot root = root(context);
			WebResource pinned = root.getResource("/small.txt");
			root.getResource("/large.txt");
			ResourceCacheStatistics before = statistics(context);
			HttpClient client = HttpClient.newHttpClient();
			for (int i = 0; i < 300; i++) {
				URI uri = URI.create("http://localhost:" + port(context) + "/flood/" + UUID.randomUUID() + ".css");
				assertThat(status(client, uri)).isEqualTo(404);
			}
			// Long paths straight at the root, past the bound of remembered misses.
			String longName = "x".repeat(4000);
			for (int i = 0; i < 200; i++) {
				assertThat(root.getResource("/" + i + longName).exists()).isFalse();
			}
			ResourceCacheStatistics after = statistics(context);
			// Spring MVC's static-resource handler looks each path up in Tomcat's cache.
			assertThat(after.lookups() - before.lookups()).isGreaterThanOrEqualTo(300);
			assertThat(after.sizeBytes()).isLessThanOrEqualTo(report(context).settings().maxSizeBytes());
			assertThat(after.missingEntries()).isGreaterThanOrEqualTo(300).isLessThan(500);
			assertThat(after.missingBytes()).isLessThanOrEqualTo(report(context).settings().missingMaxSizeBytes());
			assertThat(after.pinnedEntries()).isEqualTo(before.pinnedEntries()).isEqualTo(2);
			assertThat(root.getResource("/small.txt")).isSameAs(pinned);
		}
	}

	@Test
	void cachingDisabledPinsAndRemembersNothing(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.allow-caching=false",
				"tomcat-latency.cache.prewarm=true")) {
			assertThat(content(root(context), "/small.txt")).isEqualTo(SMALL_CONTENT);
			assertThat(root(context).getResource("/missing.txt").exists()).isFalse();
			assertThat(statistics(context).pinnedEntries()).isZero();
			assertThat(statistics(context).missingEntries()).isZero();
			assertThat(output).contains("server.tomcat.resource.allow-caching=false").contains("nothing is prewarmed");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "tomcat-latency.cache.object-max-size=-1KB", "tomcat-latency.cache.pin-max-size=0MB",
			"tomcat-latency.warmup.timeout=0s", "tomcat-latency.warmup.timeout=soon",
			"tomcat-latency.warmup.request-timeout=0s", "tomcat-latency.warmup.traffic-pause=0s",
			"tomcat-latency.warmup.requests[0].repetitions=0" })
	void invalidPropertyFailsStartupNamingIt(String property, CapturedOutput output) {
		assertThatException().isThrownBy(() -> start(property));
		String name = property.substring(0, property.indexOf('='));
		assertThat(output).contains("APPLICATION FAILED TO START").contains(name);
	}

	private static int status(HttpClient client, URI uri) throws Exception {
		return client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	private static String content(WebResourceRoot root, String path) {
		return new String(root.getResource(path).getContent(), StandardCharsets.UTF_8);
	}

	private static ResourceCacheReport report(ConfigurableApplicationContext context) {
		return context.getBean(TomcatResourceCache.class).report();
	}

	private static ResourceCacheStatistics statistics(ConfigurableApplicationContext context) {
		return report(context).statistics();
	}

	private static WebResourceRoot root(ConfigurableApplicationContext context) {
		return ((Context) BootLine.tomcat(context).getHost().findChildren()[0]).getResources();
	}

	private static ConfigurableApplicationContext start(String... properties) {
		// Jetty is on the test class path for back-off tests.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "tomcat-latency.warmup.enabled=false")
			.properties(properties)
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class TestApplication {

		@Bean
		WebServerFactoryCustomizer<?> testResources(org.springframework.core.env.Environment environment) {
			String documentRoot = environment.getProperty("test.document-root");
			return BootLine.tomcatCustomizer((documentRoot != null) ? new File(documentRoot) : null,
					(context) -> context.addLifecycleListener((event) -> {
						if (event.getType().equals(Lifecycle.BEFORE_INIT_EVENT)) {
							WebResourceRoot resources = context.getResources();
							resources.createWebResourceSet(ResourceSetType.RESOURCE_JAR, "/", url(jar),
									"/META-INF/resources");
							if (directory != null) {
								resources.createWebResourceSet(ResourceSetType.PRE, "/", url(directory), "/");
							}
						}
					}));
		}

		private static java.net.URL url(Path path) {
			try {
				return path.toUri().toURL();
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

}
