package io.github.tomcatlatency.autoconfigure.cache;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration;
import io.github.tomcatlatency.cache.ResourceCacheMetrics;
import io.github.tomcatlatency.cache.TomcatResourceCache;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ResourceCacheAutoConfiguration}.
 */
class ResourceCacheAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, ResourceCacheAutoConfiguration.class))
		.withConfiguration(BootLine.TOMCAT_SERVER);

	@Test
	void managesTheCacheOfServletAppOnTomcat() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(TomcatResourceCache.class)
			.hasSingleBean(ResourceCacheCustomizer.class)
			.hasSingleBean(ResourceCacheMetrics.class));
	}

	@Test
	void backsOffWhenDisabled() {
		this.contextRunner.withPropertyValues("tomcat-latency.cache.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(TomcatResourceCache.class)
				.doesNotHaveBean(ResourceCacheCustomizer.class));
		this.contextRunner.withPropertyValues("tomcat-latency.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(TomcatResourceCache.class));
	}

	@Test
	void leavesMetersOutWithoutMicrometer() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("io.micrometer.core"))
			.run((context) -> assertThat(context).hasSingleBean(TomcatResourceCache.class)
				.doesNotHaveBean(ResourceCacheMetrics.class));
	}

	@Test
	void backsOffOutsideServletApps() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, ResourceCacheAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(TomcatResourceCache.class));
	}

}
