package io.github.tomcatlatency.autoconfigure.report;

import java.util.List;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.adapter.RoutesAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.advisory.AdvisoryAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.phase.PhaseAutoConfiguration;
import io.github.tomcatlatency.phase.internal.PhaseValve;
import io.github.tomcatlatency.report.TomcatAdvisories;
import io.github.tomcatlatency.statistics.RequestStatistics;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.OperationType;
import org.springframework.boot.actuate.endpoint.web.ExposableWebEndpoint;
import org.springframework.boot.actuate.endpoint.web.WebEndpointsSupplier;
import org.springframework.boot.actuate.endpoint.web.WebOperation;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TomcatLatencyEndpointAutoConfiguration}.
 */
class TomcatLatencyEndpointAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class,
				TomcatLatencyEndpointAutoConfiguration.class, AdvisoryAutoConfiguration.class,
				RoutesAutoConfiguration.class, PhaseAutoConfiguration.class, EndpointAutoConfiguration.class,
				WebEndpointAutoConfiguration.class))
		.withConfiguration(BootLine.TOMCAT_SERVER);

	@Test
	void exposedEndpointHasReadAndWriteOperationsAndKeepsStatistics() {
		this.contextRunner.withPropertyValues("management.endpoints.web.exposure.include=tomcatlatency")
			.run((context) -> {
				assertThat(context).hasSingleBean(TomcatLatencyEndpoint.class).hasSingleBean(RequestStatistics.class);
				assertThat(operations(context)).containsExactlyInAnyOrder(OperationType.READ, OperationType.WRITE);
				assertThat(webEndpoint(context).getRootPath()).isEqualTo(TomcatLatencyEndpoint.PATH);
				assertThat(BootLine.engineValves(context)).hasAtLeastOneElementOfType(PhaseValve.class);
			});
	}

	@Test
	void endpointThatIsNotExposedKeepsNoStatisticsAndTimesNothing() {
		this.contextRunner.run((context) -> {
			assertThat(context).doesNotHaveBean(TomcatLatencyEndpoint.class).doesNotHaveBean(RequestStatistics.class);
			assertThat(BootLine.engineValves(context)).noneMatch(PhaseValve.class::isInstance);
		});
	}

	@Test
	void readOnlyAccessKeepsTheReportAndDropsTheReset() {
		this.contextRunner
			.withPropertyValues("management.endpoints.web.exposure.include=tomcatlatency",
					"management.endpoint.tomcatlatency.access=READ_ONLY")
			.run((context) -> assertThat(operations(context)).containsExactly(OperationType.READ));
	}

	@Test
	void noAccessRemovesTheEndpoint() {
		this.contextRunner
			.withPropertyValues("management.endpoints.web.exposure.include=tomcatlatency",
					"management.endpoint.tomcatlatency.access=NONE")
			.run((context) -> assertThat(context).doesNotHaveBean(TomcatLatencyEndpoint.class)
				.doesNotHaveBean(RequestStatistics.class));
	}

	@Test
	void backsOffWithoutActuator() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class,
					TomcatLatencyEndpointAutoConfiguration.class, AdvisoryAutoConfiguration.class,
					RoutesAutoConfiguration.class, PhaseAutoConfiguration.class))
			.withConfiguration(BootLine.TOMCAT_SERVER)
			.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate.endpoint"))
			.withPropertyValues("management.endpoints.web.exposure.include=tomcatlatency")
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(TomcatAdvisories.class)
				.doesNotHaveBean(TomcatLatencyEndpoint.class)
				.doesNotHaveBean(RequestStatistics.class));
	}

	@Test
	void pathMappingOfTheApplicationWins() {
		this.contextRunner
			.withPropertyValues("management.endpoints.web.exposure.include=tomcatlatency",
					"management.endpoints.web.path-mapping.tomcatlatency=latency")
			.run((context) -> assertThat(webEndpoint(context).getRootPath()).isEqualTo("latency"));
	}

	private static List<OperationType> operations(AssertableWebApplicationContext context) {
		return webEndpoint(context).getOperations().stream().map(WebOperation::getType).toList();
	}

	private static ExposableWebEndpoint webEndpoint(AssertableWebApplicationContext context) {
		return context.getBean(WebEndpointsSupplier.class)
			.getEndpoints()
			.stream()
			.filter((endpoint) -> endpoint.getEndpointId().equals(EndpointId.of(TomcatLatencyEndpoint.ID)))
			.findFirst()
			.orElseThrow();
	}

}
