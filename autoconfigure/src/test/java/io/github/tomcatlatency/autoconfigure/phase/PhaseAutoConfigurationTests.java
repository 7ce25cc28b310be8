package io.github.tomcatlatency.autoconfigure.phase;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.adapter.RoutesAutoConfiguration;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.phase.Routes;
import io.github.tomcatlatency.phase.internal.PhaseValve;
import io.github.tomcatlatency.phase.internal.PhaseWrapper;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.servlet.FilterRegistrationBean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RoutesAutoConfiguration}, {@link PhaseAutoConfiguration} and
 * {@link PhaseMetricsAutoConfiguration}.
 */
@ExtendWith(OutputCaptureExtension.class)
class PhaseAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, RoutesAutoConfiguration.class,
				PhaseAutoConfiguration.class, PhaseMetricsAutoConfiguration.class))
		.withConfiguration(BootLine.TOMCAT_SERVER)
		.withConfiguration(BootLine.METRICS);

	@Test
	void timesRequestsOfServletAppOnTomcat() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(PhaseTimers.class)
				.hasSingleBean(Routes.class)
				.hasSingleBean(ActuatorRoutes.class);
			assertThat(BootLine.engineValves(context)).hasAtLeastOneElementOfType(PhaseValve.class);
			StandardContext tomcatContext = new StandardContext();
			BootLine.customizeContext(context, tomcatContext);
			assertThat(tomcatContext.getWrapperClass()).isEqualTo(PhaseWrapper.class.getName());
		});
	}

	@Test
	void keepsActuatorRequestsWhenAskedTo() {
		this.contextRunner.withPropertyValues("tomcat-latency.metrics.exclude-actuator=false")
			.run((context) -> assertThat(context).hasSingleBean(PhaseTimers.class)
				.doesNotHaveBean(ActuatorRoutes.class));
	}

	@Test
	void backsOffWhenDisabled(CapturedOutput output) {
		this.contextRunner.withPropertyValues("tomcat-latency.enabled=false").run((context) -> {
			assertBackedOff(context);
			assertThat(context).doesNotHaveBean(Routes.class);
		});
		assertThat(output).doesNotContain("WARN");
	}

	@Test
	void timesRequestsForAnyRecorderWhenTheTimersAreDisabled() {
		PhaseRecorder recorder = (route, method, status, container, filters, mvc) -> {
		};
		this.contextRunner.withPropertyValues("tomcat-latency.metrics.enabled=false")
			.withBean(PhaseRecorder.class, () -> recorder)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(PhaseTimers.class).hasSingleBean(Routes.class);
				assertThat(BootLine.engineValves(context)).hasAtLeastOneElementOfType(PhaseValve.class);
			});
	}

	@Test
	void backsOffWhenMetricsAreDisabled() {
		this.contextRunner.withPropertyValues("tomcat-latency.metrics.enabled=false").run(this::assertBackedOff);
	}

	@Test
	void backsOffWithoutMeterRegistry(CapturedOutput output) {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class,
					PhaseAutoConfiguration.class, PhaseMetricsAutoConfiguration.class))
			.withConfiguration(BootLine.TOMCAT_SERVER)
			.run(this::assertBackedOff);
		assertThat(output).doesNotContain("WARN");
	}

	@Test
	void backsOffOnJetty(CapturedOutput output) {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class,
					RoutesAutoConfiguration.class, PhaseAutoConfiguration.class, PhaseMetricsAutoConfiguration.class))
			.withConfiguration(BootLine.JETTY_SERVER)
			.withConfiguration(BootLine.METRICS)
			.run(this::assertBackedOff);
		assertThat(output).doesNotContain("WARN");
	}

	@Test
	void backsOffWithoutTomcatOnTheClasspath() {
		new WebApplicationContextRunner().withClassLoader(new FilteredClassLoader(Tomcat.class))
			.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class,
					RoutesAutoConfiguration.class, PhaseAutoConfiguration.class, PhaseMetricsAutoConfiguration.class))
			.withConfiguration(BootLine.JETTY_SERVER)
			.withConfiguration(BootLine.METRICS)
			.run(this::assertBackedOff);
	}

	@Test
	void backsOffInReactiveApp(CapturedOutput output) {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class,
					RoutesAutoConfiguration.class, PhaseAutoConfiguration.class, PhaseMetricsAutoConfiguration.class))
			.withConfiguration(BootLine.TOMCAT_SERVER)
			.withConfiguration(BootLine.METRICS)
			.run(this::assertBackedOff);
		assertThat(output).doesNotContain("WARN");
	}

	@Test
	void backsOffInNonWebApp(CapturedOutput output) {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class,
					RoutesAutoConfiguration.class, PhaseAutoConfiguration.class, PhaseMetricsAutoConfiguration.class))
			.withConfiguration(BootLine.TOMCAT_SERVER)
			.withConfiguration(BootLine.METRICS)
			.run(this::assertBackedOff);
		assertThat(output).doesNotContain("WARN");
	}

	private void assertBackedOff(org.springframework.boot.test.context.assertj.AssertableApplicationContext context) {
		assertThat(context).hasNotFailed().doesNotHaveBean(PhaseTimers.class).doesNotHaveBean(Routes.class);
	}

	private void assertBackedOff(
			org.springframework.boot.test.context.assertj.AssertableWebApplicationContext context) {
		assertThat(context).hasNotFailed().doesNotHaveBean(PhaseTimers.class);
		assertThat(context.getBeansOfType(FilterRegistrationBean.class)).isEmpty();
		assertThat(BootLine.engineValves(context)).noneMatch(PhaseValve.class::isInstance);
	}

	private void assertBackedOff(
			org.springframework.boot.test.context.assertj.AssertableReactiveWebApplicationContext context) {
		assertThat(context).hasNotFailed().doesNotHaveBean(PhaseTimers.class);
	}

}
