package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration;
import io.github.tomcatlatency.warmup.internal.WarmupObservationFilter;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link WarmupAutoConfiguration}.
 */
class WarmupAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, WarmupAutoConfiguration.class))
		.withConfiguration(BootLine.TOMCAT_SERVER);

	@Test
	void warmsUpServletAppOnTomcat() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(WarmupRunner.class)
			.hasSingleBean(WarmupRequestMarker.class)
			.hasSingleBean(WarmupObservationFilter.class)
			.hasSingleBean(WarmupRequests.FrameworkRoutes.class));
	}

	@Test
	void backsOffWhenDisabled() {
		this.contextRunner.withPropertyValues("tomcat-latency.warmup.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(WarmupRunner.class)
				.doesNotHaveBean(WarmupRequestMarker.class));
		this.contextRunner.withPropertyValues("tomcat-latency.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(WarmupRunner.class));
	}

	@Test
	void leavesObservationAndActuatorOutWhenAbsent() {
		this.contextRunner
			.withClassLoader(new FilteredClassLoader("io.micrometer.observation", "org.springframework.boot.actuate"))
			.run((context) -> assertThat(context).hasSingleBean(WarmupRunner.class)
				.doesNotHaveBean(WarmupObservationFilter.class)
				.doesNotHaveBean(WarmupRequests.FrameworkRoutes.class));
	}

	@Test
	void backsOffOutsideServletApps() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, WarmupAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(WarmupRunner.class));
	}

}
