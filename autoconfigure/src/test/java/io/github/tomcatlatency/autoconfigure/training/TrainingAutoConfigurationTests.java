package io.github.tomcatlatency.autoconfigure.training;

import java.time.Duration;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.internal.FirstReadiness;
import io.github.tomcatlatency.autoconfigure.warmup.WarmupAutoConfiguration;
import io.github.tomcatlatency.training.internal.TrainingExit;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.ConfigurableTransactionManager;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TrainingAutoConfiguration}.
 */
@ExtendWith(OutputCaptureExtension.class)
class TrainingAutoConfigurationTests {

	private static final String ROLLBACK = "tomcatLatencyWarmupTransactionRollback";

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, TrainingAutoConfiguration.class,
				WarmupAutoConfiguration.class))
		.withConfiguration(BootLine.TOMCAT_SERVER)
		.withBean(TrainingExit.class, () -> (status) -> {
			throw new AssertionError("A context runner test must not exit");
		});

	@Test
	void staysOffByDefault() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.hasSingleBean(WarmupRunner.class)
			.doesNotHaveBean(TrainingRun.class)
			.doesNotHaveBean(FilterRegistrationBean.class));
	}

	@Test
	void trainsAServletAppOnTomcatAndRollsBackWarmupTransactions() {
		this.contextRunner.withPropertyValues("tomcat-latency.warmup.training=true")
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(TrainingRun.class)
				.hasSingleBean(WarmupRunner.class)
				// The warm-up's rollback, the one there is.
				.hasBean(ROLLBACK)
				.doesNotHaveBean(FilterRegistrationBean.class));
	}

	@Test
	void aTrainingRunWhoseApplicationWasClosedDuringTheWarmupNeitherFailsNorExits(CapturedOutput output) {
		// Spring Boot publishes readiness when the warm-up returns, also after SIGTERM
		// closed the application meanwhile: the warm-up then never ended, which would
		// otherwise fail the run.
		this.contextRunner.withPropertyValues("tomcat-latency.warmup.training=true").run((context) -> {
			FirstReadiness readiness = context.getBean(FirstReadiness.class);
			ConfigurableApplicationContext application = context.getSourceApplicationContext();
			readiness.onApplicationEvent(
					new ApplicationReadyEvent(new SpringApplication(), new String[0], application, Duration.ZERO));
			application.close();
			readiness.onApplicationEvent(new AvailabilityChangeEvent<>(application, ReadinessState.ACCEPTING_TRAFFIC));
		});
		assertThat(output).contains("Training run stopped: the application was closed during the warm-up");
	}

	@Test
	void rollsNothingBackWithoutSpringTx() {
		this.contextRunner.withPropertyValues("tomcat-latency.warmup.training=true")
			.withClassLoader(new FilteredClassLoader(ConfigurableTransactionManager.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(TrainingRun.class)
				.doesNotHaveBean(ROLLBACK));
	}

	@Test
	void takesThePlaceOfExitOnRefreshSetAsASystemProperty() {
		// As Cloud Native Buildpacks' training run sets it. Were it left in place, Spring
		// Framework would halt this JVM when the context refreshes.
		System.setProperty("spring.context.exit", "onRefresh");
		try {
			this.contextRunner.withPropertyValues("tomcat-latency.warmup.training=true")
				.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(TrainingRun.class));
			assertThat(System.getProperty("spring.context.exit")).isNull();
		}
		finally {
			System.clearProperty("spring.context.exit");
		}
	}

	@Test
	void leavesExitOnRefreshAloneWithoutTheTrainingMode() {
		System.setProperty("spring.context.exit", "never");
		try {
			this.contextRunner.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(TrainingRun.class));
			assertThat(System.getProperty("spring.context.exit")).isEqualTo("never");
		}
		finally {
			System.clearProperty("spring.context.exit");
		}
	}

	@Test
	void failsOnANonWebApplication() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class,
					TrainingAutoConfiguration.class, WarmupAutoConfiguration.class))
			.withPropertyValues("tomcat-latency.warmup.training=true")
			.run((context) -> assertThat(failure(context).getDescription())
				.contains("tomcat-latency.warmup.training=true")
				.contains("not a Spring MVC application on an embedded Tomcat"));
	}

	@Test
	void failsWhenTheWarmupIsOff() {
		this.contextRunner
			.withPropertyValues("tomcat-latency.warmup.training=true", "tomcat-latency.warmup.enabled=false")
			.run((context) -> assertThat(failure(context).getDescription())
				.contains("tomcat-latency.warmup.training=true")
				.contains("tomcat-latency.warmup.enabled is false"));
		this.contextRunner.withPropertyValues("tomcat-latency.warmup.training=true", "tomcat-latency.enabled=false")
			.run((context) -> assertThat(failure(context).getDescription())
				.contains("tomcat-latency.enabled is false"));
	}

	@Test
	void failsWithoutRepetitions() {
		this.contextRunner
			.withPropertyValues("tomcat-latency.warmup.training=true", "tomcat-latency.warmup.training-repetitions=0")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("tomcat-latency.warmup.training-repetitions"));
	}

	private static FailureAnalysis failure(ApplicationContextAssertProvider<?> context) {
		assertThat(context).hasFailed();
		FailureAnalysis analysis = new TrainingFailureAnalyzer().analyze(context.getStartupFailure());
		assertThat(analysis).as("failure analysis of %s", context.getStartupFailure()).isNotNull();
		assertThat(analysis.getCause()).isInstanceOf(TrainingException.class);
		assertThat(analysis.getAction()).isNotBlank();
		return analysis;
	}

}
