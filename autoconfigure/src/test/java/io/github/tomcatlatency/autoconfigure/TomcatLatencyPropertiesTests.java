package io.github.tomcatlatency.autoconfigure;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.StreamUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TomcatLatencyProperties}: binding failures name the property, and the
 * README documents every property in the generated metadata.
 */
class TomcatLatencyPropertiesTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withUserConfiguration(PropertiesConfiguration.class);

	@ParameterizedTest
	@CsvSource({ "tomcat-latency.report.top-routes, 0", "tomcat-latency.report.spike-factor, 0.5",
			"tomcat-latency.report.spike-idle, 0s", "tomcat-latency.report.spike-idle, -5s",
			"tomcat-latency.report.spike-idle, soon" })
	void invalidValueFailsNamingTheProperty(String property, String value) {
		this.contextRunner.withPropertyValues(property + "=" + value)
			.run((context) -> assertThat(messages(context.getStartupFailure())).contains(property));
	}

	private static String messages(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}

	@Test
	void defaultsBind() {
		this.contextRunner.run((context) -> {
			TomcatLatencyProperties properties = context.getBean(TomcatLatencyProperties.class);
			assertThat(properties.isEnabled()).isTrue();
			assertThat(properties.getReport().getTopRoutes()).isEqualTo(10);
		});
	}

	@Test
	void readmeDocumentsEveryProperty() throws Exception {
		String readme = Files.readString(Path.of("..", "README.md"));
		try (InputStream metadata = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			assertThat(metadata).as("generated configuration metadata").isNotNull();
			Map<String, Object> json = JsonParserFactory.getJsonParser()
				.parseMap(StreamUtils.copyToString(metadata, java.nio.charset.StandardCharsets.UTF_8));
			@SuppressWarnings("unchecked")
			List<Map<String, Object>> properties = (List<Map<String, Object>>) json.get("properties");
			assertThat(properties).isNotEmpty()
				.allSatisfy((property) -> assertThat(readme).as("README documents %s", property.get("name"))
					.contains("| `" + property.get("name") + "` |"));
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(TomcatLatencyProperties.class)
	static class PropertiesConfiguration {

	}

}
