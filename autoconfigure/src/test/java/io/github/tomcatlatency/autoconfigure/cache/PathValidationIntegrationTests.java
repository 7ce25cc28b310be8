package io.github.tomcatlatency.autoconfigure.cache;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.cache.internal.PinningResourceRoot;
import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.WebResource;
import org.apache.catalina.WebResourceRoot;
import org.apache.catalina.WebResourceRoot.ResourceSetType;
import org.apache.catalina.webresources.StandardRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Path traversal attempts get the same answer with and without tomcat-latency's resource
 * root: Tomcat's own validation runs in both. Two applications on real embedded Tomcats,
 * one with the starter's {@link PinningResourceRoot} and one with Tomcat's
 * {@link StandardRoot}, asked over raw HTTP (request targets exactly as written, which an
 * HTTP client would normalize or refuse) and directly at the root.
 */
class PathValidationIntegrationTests {

	private static final String CONTENT = "from the jar";

	@TempDir
	static Path temp;

	static Path jar;

	static ConfigurableApplicationContext withStarter;

	static ConfigurableApplicationContext withoutStarter;

	@BeforeAll
	static void start() throws IOException {
		jar = temp.resolve("resources.jar");
		try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
			for (String name : new String[] { "META-INF/resources/small.txt", "META-INF/resources/dir/inner.txt",
					"META-INF/resources/WEB-INF/secret.txt", "secret.txt" }) {
				out.putNextEntry(new JarEntry(name));
				out.write(CONTENT.getBytes(StandardCharsets.UTF_8));
				out.closeEntry();
			}
		}
		withStarter = start("tomcat-latency.enabled=true");
		withoutStarter = start("tomcat-latency.enabled=false");
	}

	@AfterAll
	static void stop() {
		withStarter.close();
		withoutStarter.close();
	}

	@Test
	void theRootsAreTheOnesCompared() {
		assertThat(root(withStarter)).isInstanceOf(PinningResourceRoot.class);
		assertThat(root(withoutStarter).getClass()).isEqualTo(StandardRoot.class);
	}

	@ParameterizedTest
	@ValueSource(strings = { "/small.txt", "/dir/inner.txt", "/./small.txt", "/dir/../small.txt", "/../small.txt",
			"/dir/../../small.txt", "/%2e%2e/small.txt", "/%2E%2E/%2E%2E/secret.txt", "/dir/%2e%2e/small.txt",
			"/dir/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/dir%2f..%2fsmall.txt",
			"/..\\secret.txt", "/dir\\..\\small.txt", "/..%5csecret.txt", "/dir%5c..%5csmall.txt", "//small.txt",
			"/dir//inner.txt", "//..//secret.txt", "/small.txt%00", "/small.txt%00.png", "/dir/%00/../small.txt",
			"/..;/secret.txt", "/dir/..;/small.txt", "/WEB-INF/secret.txt", "/%57EB-INF/secret.txt",
			"/./WEB-INF/secret.txt", "/dir/../WEB-INF/secret.txt", "/META-INF/MANIFEST.MF", "/%2e/small.txt",
			"/%252e%252e/secret.txt", "/.%2e/secret.txt" })
	void overHttpTheAnswerIsTheSame(String target) throws IOException {
		Answer with = send(withStarter, target);
		Answer without = send(withoutStarter, target);
		assertThat(with.status()).as("status of %s", target).isEqualTo(without.status());
		if (without.status() == 200) {
			assertThat(with.body()).as("body of %s", target).isEqualTo(without.body());
		}
		if (target.contains("secret")) {
			// Outside the mounted folder, or below WEB-INF: never served.
			assertThat(with.status()).as("status of %s", target).isNotEqualTo(200);
		}
	}

	@Test
	void overHttpAResourceIsServed() throws IOException {
		// The comparison is between two servers that serve the jar, not two that answer
		// 404.
		assertThat(send(withStarter, "/small.txt")).isEqualTo(new Answer(200, CONTENT));
		assertThat(send(withoutStarter, "/small.txt")).isEqualTo(new Answer(200, CONTENT));
	}

	@ParameterizedTest
	@ValueSource(strings = { "/small.txt", "/../small.txt", "/dir/../../small.txt", "/dir/../small.txt", "//small.txt",
			"/dir//inner.txt", "/./small.txt", "/dir/.", "/dir/..", "/..", "/.", "/..\\small.txt", "\\small.txt",
			"/dir\\..\\small.txt", "/small.txt\u0000", "/small.txt\u0000.png", "/%2e%2e/small.txt", "small.txt", "",
			"/WEB-INF/secret.txt", "/dir/./../WEB-INF/secret.txt", "/...", "/.../small.txt" })
	void atTheRootTheAnswerIsTheSame(String path) {
		assertThat(lookUp(root(withStarter), path)).as("lookup of %s", path)
			.isEqualTo(lookUp(root(withoutStarter), path));
	}

	@Test
	void atTheRootANullPathIsRejectedAlike() {
		assertThat(lookUp(root(withStarter), null)).isEqualTo(lookUp(root(withoutStarter), null))
			.startsWith(IllegalArgumentException.class.getName());
	}

	/**
	 * What a root answers for a path: the exception Tomcat threw, or whether the resource
	 * exists and under which normalized path.
	 */
	private static String lookUp(WebResourceRoot root, String path) {
		try {
			WebResource resource = root.getResource(path);
			return resource.exists() + " " + resource.getWebappPath();
		}
		catch (RuntimeException ex) {
			return ex.getClass().getName() + ": " + ex.getMessage();
		}
	}

	private static Answer send(ConfigurableApplicationContext context, String target) throws IOException {
		try (Socket socket = new Socket("localhost",
				context.getEnvironment().getRequiredProperty("local.server.port", Integer.class))) {
			OutputStream out = socket.getOutputStream();
			out.write(("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			InputStream in = socket.getInputStream();
			ByteArrayOutputStream response = new ByteArrayOutputStream();
			in.transferTo(response);
			String text = response.toString(StandardCharsets.ISO_8859_1);
			int status = Integer.parseInt(text.substring(9, 12));
			int bodyStart = text.indexOf("\r\n\r\n");
			return new Answer(status, (bodyStart >= 0) ? text.substring(bodyStart + 4) : "");
		}
	}

	private static WebResourceRoot root(ConfigurableApplicationContext context) {
		return ((Context) BootLine.tomcat(context).getHost().findChildren()[0]).getResources();
	}

	private static ConfigurableApplicationContext start(String property) {
		// Jetty is on the test class path for back-off tests.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "tomcat-latency.warmup.enabled=false", property)
			.run();
	}

	record Answer(int status, String body) {

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class TestApplication {

		@Bean
		WebServerFactoryCustomizer<?> testResources() {
			return BootLine.tomcatCustomizer(null, (context) -> context.addLifecycleListener((event) -> {
				if (event.getType().equals(Lifecycle.BEFORE_INIT_EVENT)) {
					try {
						context.getResources()
							.createWebResourceSet(ResourceSetType.RESOURCE_JAR, "/", jar.toUri().toURL(),
									"/META-INF/resources");
					}
					catch (IOException ex) {
						throw new IllegalStateException(ex);
					}
				}
			}));
		}

	}

}
