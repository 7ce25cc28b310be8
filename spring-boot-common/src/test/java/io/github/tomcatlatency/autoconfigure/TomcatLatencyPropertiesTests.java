package io.github.tomcatlatency.autoconfigure;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * README's configuration table lists exactly the properties of the generated metadata,
 * each once.
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
	void readmeConfigurationTableListsExactlyTheProperties() throws Exception {
		List<String> documented = configurationTable(Files.readString(Path.of("..", "README.md")));
		try (InputStream metadata = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			assertThat(metadata).as("generated configuration metadata").isNotNull();
			Map<String, Object> json = JsonParserFactory.getJsonParser()
				.parseMap(StreamUtils.copyToString(metadata, StandardCharsets.UTF_8));
			@SuppressWarnings("unchecked")
			List<Map<String, Object>> properties = (List<Map<String, Object>>) json.get("properties");
			// Boot 3's processor adds the endpoint's deprecated 'enabled' property.
			List<String> names = properties.stream()
				.filter((property) -> !Boolean.TRUE.equals(property.get("deprecated")))
				.map((property) -> (String) property.get("name"))
				.toList();
			assertThat(names).isNotEmpty();
			assertThat(documented).as("properties in the README's configuration table")
				.doesNotHaveDuplicates()
				.containsExactlyInAnyOrderElementsOf(names);
		}
	}

	/**
	 * Return the property of each row of the table in the README's "Configuration"
	 * section.
	 * @param readme the README
	 * @return the properties, in the order of the table
	 */
	private static List<String> configurationTable(String readme) {
		int start = readme.indexOf("\n## Configuration\n");
		assertThat(start).as("README has a Configuration section").isNotNegative();
		int end = readme.indexOf("\n## ", start + 1);
		String section = readme.substring(start, (end != -1) ? end : readme.length());
		Matcher row = Pattern.compile("(?m)^\\| `([a-z0-9.-]+)` \\|").matcher(section);
		List<String> properties = new ArrayList<>();
		while (row.find()) {
			properties.add(row.group(1));
		}
		return properties;
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(TomcatLatencyProperties.class)
	static class PropertiesConfiguration {

	}

}
