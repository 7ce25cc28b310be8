package io.github.tomcatlatency.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import io.github.tomcatlatency.advisory.AdvisoryDataReader;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData.Source;
import io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.adapter.RoutesAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.advisory.AdvisoryAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.cache.ResourceCacheAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.phase.PhaseAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.phase.PhaseMetricsAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.report.TomcatLatencyEndpoint;
import io.github.tomcatlatency.autoconfigure.report.TomcatLatencyEndpointAutoConfiguration;
import io.github.tomcatlatency.autoconfigure.warmup.WarmupAutoConfiguration;
import io.github.tomcatlatency.cache.ResourceCacheMetrics;
import io.github.tomcatlatency.cache.TomcatResourceCache;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.phase.Routes;
import io.github.tomcatlatency.report.TomcatAdvisories;
import io.github.tomcatlatency.report.TomcatAdvisoryMeterBinder;
import io.github.tomcatlatency.statistics.RequestStatistics;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that every bean tomcat-latency auto-configures and a user may replace backs off
 * for the user's own, with all of tomcat-latency's auto-configurations active.
 */
class UserBeansTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, AdvisoryAutoConfiguration.class,
				RoutesAutoConfiguration.class, PhaseMetricsAutoConfiguration.class, PhaseAutoConfiguration.class,
				TomcatLatencyEndpointAutoConfiguration.class, WarmupAutoConfiguration.class,
				ResourceCacheAutoConfiguration.class, EndpointAutoConfiguration.class,
				WebEndpointAutoConfiguration.class))
		.withConfiguration(BootLine.TOMCAT_SERVER)
		.withConfiguration(BootLine.METRICS)
		.withPropertyValues("management.endpoints.web.exposure.include=tomcatlatency");

	@Test
	void everyReplaceableBeanIsAutoConfiguredWithoutUserBeans() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(TomcatAdvisories.class)
			.hasSingleBean(TomcatAdvisoryMeterBinder.class)
			.hasSingleBean(Routes.class)
			.hasSingleBean(PhaseTimers.class)
			.hasSingleBean(RequestStatistics.class)
			.hasSingleBean(TomcatLatencyEndpoint.class)
			.hasSingleBean(WarmupRequestMarker.class)
			.hasSingleBean(WarmupRunner.class)
			.hasSingleBean(TomcatResourceCache.class)
			.hasSingleBean(ResourceCacheMetrics.class));
	}

	@Test
	void userTomcatAdvisoriesWin() {
		assertUserBeanWins(TomcatAdvisories.class, UserBeansTests::advisories);
	}

	@Test
	void userAdvisoryMeterBinderWins() {
		assertUserBeanWins(TomcatAdvisoryMeterBinder.class,
				() -> new TomcatAdvisoryMeterBinder(advisories(), () -> null));
	}

	@Test
	void userRoutesWin() {
		Routes routes = new Routes(7);
		this.contextRunner.withBean(Routes.class, () -> routes).run((context) -> {
			assertThat(context).getBean(Routes.class).isSameAs(routes);
			assertThat(context).hasSingleBean(PhaseTimers.class).hasSingleBean(RequestStatistics.class);
		});
	}

	@Test
	void userPhaseTimersWin() {
		assertUserBeanWins(PhaseTimers.class, () -> new PhaseTimers(new SimpleMeterRegistry(), 10));
	}

	@Test
	void userPhaseRecordersAreAddedToTheAutoConfiguredOnes() {
		PhaseRecorder recorder = (route, method, status, container, filters, mvc) -> {
		};
		this.contextRunner.withBean("userRecorder", PhaseRecorder.class, () -> recorder)
			// The timers, the container part meters, the endpoint's statistics and the
			// user's.
			.run((context) -> assertThat(context.getBeansOfType(PhaseRecorder.class)).hasSize(4)
				.containsValue(recorder));
	}

	@Test
	void userRequestStatisticsWin() {
		assertUserBeanWins(RequestStatistics.class, () -> new RequestStatistics(10, 1 << 20, 2, Duration.ofSeconds(1)));
	}

	@Test
	void userEndpointWins() {
		assertUserBeanWins(TomcatLatencyEndpoint.class,
				() -> new TomcatLatencyEndpoint(new RequestStatistics(10, 1 << 20, 2, Duration.ofSeconds(1)),
						advisories(), () -> null, new MockEnvironment(), () -> null, () -> null, () -> null, 3,
						List.of()));
	}

	@Test
	void userResourceCacheWins() {
		assertUserBeanWins(TomcatResourceCache.class, UserBeansTests::resourceCache);
	}

	@Test
	void userResourceCacheMetricsWin() {
		assertUserBeanWins(ResourceCacheMetrics.class, () -> new ResourceCacheMetrics(resourceCache()));
	}

	private <T> void assertUserBeanWins(Class<T> type, Supplier<T> userBean) {
		T bean = userBean.get();
		this.contextRunner.withBean("user" + type.getSimpleName(), type, () -> bean)
			.run((context) -> assertThat(context).getBean(type).isSameAs(bean));
	}

	private static TomcatAdvisories advisories() {
		return new TomcatAdvisories(
				new SelectedAdvisoryData(AdvisoryDataReader.readBundled(), Source.BUNDLED, 0, List.of()),
				Duration.ofDays(60), Clock.systemUTC());
	}

	private static TomcatResourceCache resourceCache() {
		return new TomcatResourceCache(false, 0);
	}

}
