package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration;
import io.github.tomcatlatency.warmup.internal.task.data.RepositoryQueryWarmup;
import io.github.tomcatlatency.warmup.internal.task.validation.ValidationMetadataWarmup;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link DataWarmupAutoConfiguration}.
 */
class DataWarmupAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, WarmupAutoConfiguration.class,
				DataWarmupAutoConfiguration.class))
		.withConfiguration(BootLine.TOMCAT_SERVER);

	@Test
	void warmsRepositoryQueriesAndValidation() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(RepositoryQueryWarmup.class)
			.hasSingleBean(RepositoryQueryWarmupPostProcessor.class)
			.hasSingleBean(ValidationMetadataWarmup.class));
	}

	@Test
	void backsOffWithoutFrameworkRequestsOrWarmup() {
		for (String property : new String[] { "tomcat-latency.warmup.framework-requests=false",
				"tomcat-latency.warmup.enabled=false", "tomcat-latency.enabled=false" }) {
			this.contextRunner.withPropertyValues(property)
				.run((context) -> assertThat(context).doesNotHaveBean(RepositoryQueryWarmup.class)
					.doesNotHaveBean(RepositoryQueryWarmupPostProcessor.class)
					.doesNotHaveBean(ValidationMetadataWarmup.class));
		}
	}

	@Test
	void leavesEachTaskOutWithoutItsLibrary() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("org.springframework.data.jpa"))
			.run((context) -> assertThat(context).doesNotHaveBean(RepositoryQueryWarmup.class)
				.hasSingleBean(ValidationMetadataWarmup.class));
		this.contextRunner.withClassLoader(new FilteredClassLoader("jakarta.validation"))
			.run((context) -> assertThat(context).hasSingleBean(RepositoryQueryWarmup.class)
				.doesNotHaveBean(ValidationMetadataWarmup.class));
	}

	@Test
	void backsOffOutsideServletApps() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, DataWarmupAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(RepositoryQueryWarmup.class)
				.doesNotHaveBean(ValidationMetadataWarmup.class));
	}

}
