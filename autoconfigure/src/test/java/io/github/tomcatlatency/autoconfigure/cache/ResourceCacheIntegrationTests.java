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
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
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
	void ourSettingsWinOverSpringBoots() {
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.cache-ttl=7s",
				"server.tomcat.resource.cache-max-size=20MB", "tomcat-latency.cache.ttl=42s")) {
			ResourceCacheSettings settings = report(context).settings();
			assertThat(settings.ttlMs()).isEqualTo(42_000.0);
			assertThat(settings.ttlSetBy()).isEqualTo("tomcat-latency.cache.ttl");
			assertThat(settings.maxSizeBytes()).isEqualTo(20L * 1024 * 1024);
			assertThat(settings.maxSizeSetBy()).isEqualTo("server.tomcat.resource.cache-max-size");
			assertThat(root(context).getCacheTtl()).isEqualTo(42_000);
		}
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.cache-ttl=7s")) {
			assertThat(root(context).getCacheTtl()).isEqualTo(7_000);
			assertThat(report(context).settings().ttlSetBy()).isEqualTo("server.tomcat.resource.cache-ttl");
		}
	}

	@Test
	void pinnedResourcesNeverRevalidateWhileUnpinnedOnesExpire() throws IOException {
		directory = Files.createTempDirectory(temp, "front");
		try (ConfigurableApplicationContext context = start("tomcat-latency.cache.ttl=1s",
				"tomcat-latency.cache.pin-max-size=1KB")) {
			WebResourceRoot root = root(context);
			assertThat(statistics(context).pinnedEntries()).isOne();
			assertThat(content(root, "/small.txt")).isEqualTo(SMALL_CONTENT);
			assertThat(content(root, "/large.txt")).hasSize(4096);
			// Files put in front of the jar shadow it once a cache entry is revalidated.
			Files.writeString(directory.resolve("small.txt"), "shadow");
			Files.writeString(directory.resolve("large.txt"), "shadow");
			await().atMost(Duration.ofSeconds(20)).until(() -> content(root, "/large.txt").equals("shadow"));
			assertThat(content(root, "/small.txt")).isEqualTo(SMALL_CONTENT);
			assertThat(statistics(context).pinnedHits()).isGreaterThanOrEqualTo(2);
		}
		finally {
			directory = null;
		}
	}

	@Test
	void editInTheDocumentRootIsSeenAfterTheTtl() throws IOException {
		Path documentRoot = Files.createTempDirectory(temp, "docroot");
		Files.writeString(documentRoot.resolve("page.txt"), "first");
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.cache-ttl=1h",
				"tomcat-latency.cache.ttl=1s", "test.document-root=" + documentRoot)) {
			WebResourceRoot root = root(context);
			assertThat(content(root, "/page.txt")).isEqualTo("first");
			Files.writeString(documentRoot.resolve("page.txt"), "second edit");
			await().atMost(Duration.ofSeconds(20)).until(() -> content(root, "/page.txt").equals("second edit"));
		}
	}

	@Test
	void floodOfRandomNotFoundPathsKeepsPinnedEntriesAndTheCacheBounded() throws Exception {
		try (ConfigurableApplicationContext context = start("tomcat-latency.cache.max-size=100KB",
				"tomcat-latency.cache.ttl=1h")) {
			WebResourceRoot root = root(context);
			WebResource pinned = root.getResource("/small.txt");
			ResourceCacheStatistics before = statistics(context);
			HttpClient client = HttpClient.newHttpClient();
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			for (int i = 0; i < 300; i++) {
				HttpRequest request = HttpRequest
					.newBuilder(URI.create("http://localhost:" + port + "/flood/" + UUID.randomUUID() + ".css"))
					.build();
				assertThat(client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(404);
			}
			ResourceCacheStatistics after = statistics(context);
			// Spring MVC's static-resource handler looks each path up in Tomcat's cache.
			assertThat(after.lookups() - before.lookups()).isGreaterThanOrEqualTo(300);
			assertThat(after.sizeBytes()).isLessThanOrEqualTo(100 * 1024);
			assertThat(after.pinnedEntries()).isEqualTo(before.pinnedEntries()).isEqualTo(2);
			assertThat(root.getResource("/small.txt")).isSameAs(pinned);
		}
	}

	@Test
	void pinningWithCachingDisabledWarnsAndPinsNothing(CapturedOutput output) {
		try (ConfigurableApplicationContext context = start("server.tomcat.resource.allow-caching=false")) {
			assertThat(statistics(context).pinnedEntries()).isZero();
			assertThat(content(root(context), "/small.txt")).isEqualTo(SMALL_CONTENT);
			assertThat(output).contains("server.tomcat.resource.allow-caching=false").contains("no resource is pinned");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "tomcat-latency.cache.ttl=-1s", "tomcat-latency.cache.ttl=0s",
			"tomcat-latency.cache.ttl=40000d", "tomcat-latency.cache.max-size=0KB",
			"tomcat-latency.cache.object-max-size=-1KB", "tomcat-latency.cache.pin-max-size=0MB",
			"tomcat-latency.warmup.timeout=0s", "tomcat-latency.warmup.timeout=soon",
			"tomcat-latency.warmup.requests[0].repetitions=0" })
	void invalidPropertyFailsStartupNamingIt(String property, CapturedOutput output) {
		assertThatException().isThrownBy(() -> start(property));
		String name = property.substring(0, property.indexOf('='));
		assertThat(output).contains("APPLICATION FAILED TO START").contains(name);
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
		TomcatWebServer server = (TomcatWebServer) ((WebServerApplicationContext) context).getWebServer();
		return ((Context) server.getTomcat().getHost().findChildren()[0]).getResources();
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
		WebServerFactoryCustomizer<TomcatServletWebServerFactory> testResources(
				org.springframework.core.env.Environment environment) {
			return (factory) -> {
				String documentRoot = environment.getProperty("test.document-root");
				if (documentRoot != null) {
					factory.setDocumentRoot(new File(documentRoot));
				}
				factory.addContextCustomizers((context) -> context.addLifecycleListener((event) -> {
					if (event.getType().equals(Lifecycle.BEFORE_INIT_EVENT)) {
						WebResourceRoot resources = context.getResources();
						resources.createWebResourceSet(ResourceSetType.RESOURCE_JAR, "/", url(jar),
								"/META-INF/resources");
						if (directory != null) {
							resources.createWebResourceSet(ResourceSetType.PRE, "/", url(directory), "/");
						}
					}
				}));
			};
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
