package io.github.tomcatlatency.autoconfigure.advisory;

import java.nio.file.Files;
import java.nio.file.Path;

import io.github.tomcatlatency.advisory.AdvisoryDataException;
import io.github.tomcatlatency.report.TomcatAdvisories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AdvisoryAutoConfiguration}.
 */
class AdvisoryAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(AdvisoryAutoConfiguration.class, TomcatServletWebServerAutoConfiguration.class));

	@Test
	void usesBundledDataByDefault() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(TomcatAdvisories.class));
	}

	@Test
	void customDataFileIsUsed(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("advisories.txt");
		Files.writeString(file, "data-date: 2026-12-01\nlatest: 11.0.30 2026-11-30\n");
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.location=" + file.toUri())
			.run((context) -> assertThat(context).hasSingleBean(TomcatAdvisories.class));
	}

	@Test
	void missingDataFileFailsNamingTheFileAndTheProperty(@TempDir Path dir) {
		String location = dir.resolve("missing.txt").toUri().toString();
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.location=" + location)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(AdvisoryDataException.class)
				.hasMessageContaining(location)
				.hasMessageContaining("tomcat-latency.advisories.location"));
	}

	@Test
	void malformedDataFileFailsNamingTheFileAndTheLine(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("advisories.txt");
		Files.writeString(file, "data-date: 2026-12-01\nlatest: 11.0.30\nlatest: 12.x\n");
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.location=" + file.toUri())
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(AdvisoryDataException.class)
				.hasMessageStartingWith(file.toUri() + " line 3:"));
	}

	@Test
	void backsOffWhenDisabled() {
		this.contextRunner.withPropertyValues("tomcat-latency.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(TomcatAdvisories.class));
	}

}
