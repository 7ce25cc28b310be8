package io.github.tomcatlatency.autoconfigure.warmup;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.github.tomcatlatency.autoconfigure.internal.ReadyStep;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.internal.WarmupObservationFilter;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import io.micrometer.core.instrument.search.Search;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Fault injection on real starts: each collaborator the starter calls in the
 * application's lifecycle is replaced by one that throws a {@link RuntimeException}, a
 * {@link LinkageError}, or never returns, and a step at readiness throws. The application
 * starts, holds readiness no longer than the warm-up's timeout and a second, answers its
 * first request as without the starter, logs no error and no stack trace, and each of the
 * starter's warnings names the property that helps.
 */
@ExtendWith(OutputCaptureExtension.class)
class ContainedFailuresIntegrationTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private final HttpClient client = HttpClient.newHttpClient();

	@AfterEach
	void release() {
		Injected.release();
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "FRAMEWORK_ROUTES, RUNTIME, FAILED", "FRAMEWORK_ROUTES, LINKAGE, FAILED",
			"FRAMEWORK_ROUTES, HANG, TIMED_OUT", "ANONYMOUS_ACCESS, RUNTIME, FAILED",
			"ANONYMOUS_ACCESS, LINKAGE, FAILED", "ANONYMOUS_ACCESS, HANG, TIMED_OUT", "WARMUP_TASK, RUNTIME, COMPLETED",
			"WARMUP_TASK, LINKAGE, COMPLETED", "WARMUP_TASK, HANG, FAILED|TIMED_OUT",
			"PHASE_RECORDER, RUNTIME, COMPLETED", "PHASE_RECORDER, LINKAGE, COMPLETED",
			"METER_SWEEP, RUNTIME, COMPLETED", "METER_SWEEP, LINKAGE, COMPLETED", "READY_STEP, RUNTIME, COMPLETED",
			"READY_STEP, LINKAGE, COMPLETED" })
	void theApplicationStartsAndAnswersAsWithoutTheStarter(Site site, Fault fault, String states, CapturedOutput output)
			throws Exception {
		Injected.inject(site, fault);
		try (ConfigurableApplicationContext context = start()) {
			ReadinessTimes times = context.getBean(ReadinessTimes.class);
			assertThat(Duration.ofNanos(times.acceptingTraffic - times.ready)).as("readiness held")
				.isLessThanOrEqualTo(TIMEOUT.plusSeconds(1));
			WarmupResult result = context.getBean(WarmupRunner.class).getResult();
			assertThat(result.state().name()).as(result.toString()).matches(states);
			if (site == Site.METER_SWEEP) {
				// The first request once the warm-up has ended is the one that used to
				// run the sweep.
				await().atMost(Duration.ofSeconds(60)).until(context.getBean(WarmupRequestMarker.class)::isFinished);
			}
			int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
			HttpResponse<String> first = this.client.send(
					HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/hello")).build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(first.statusCode()).isEqualTo(200);
			assertThat(first.body()).isEqualTo("hello");
			if (site == Site.READY_STEP) {
				// The steps after the failed one ran: the last of them counts requests.
				await().atMost(Duration.ofSeconds(60))
					.until(() -> context.getBean(SimpleMeterRegistry.class)
						.find(PhaseTimers.METER_NAME)
						.tag("uri", "/hello")
						.timers()
						.stream()
						.anyMatch((timer) -> timer.count() > 0));
			}
			// What hangs on a server thread ends before the server stops.
			Injected.release();
		}
		List<String> lines = output.getAll().lines().toList();
		assertThat(lines).noneMatch((line) -> line.contains(" ERROR "))
			.noneMatch((line) -> line.startsWith("\tat "))
			.noneMatch((line) -> line.contains("Exception in thread"));
		List<String> warnings = lines.stream()
			.filter((line) -> line.contains(" WARN ") && line.contains("tomcat"))
			.toList();
		if (fault != Fault.HANG && site != Site.WARMUP_TASK) {
			assertThat(warnings).as("one warning naming the cause and the property")
				.singleElement()
				.satisfies((warning) -> assertThat(warning).contains("injected")
					.containsPattern("tomcat-latency\\.[a-z.-]+=false"));
		}
		assertThat(warnings).allSatisfy((warning) -> assertThat(warning).containsPattern("tomcat-latency\\.[a-z.-]+"));
	}

	private static ConfigurableApplicationContext start() {
		// Jetty is on the test class path for back-off tests.
		return new SpringApplicationBuilder(TestApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "tomcat-latency.warmup.timeout=" + TIMEOUT.toMillis() + "ms",
					"tomcat-latency.warmup.requests[0].path=/hello", "spring.jpa.open-in-view=false")
			.run();
	}

	/**
	 * Where the fault is injected.
	 */
	enum Site {

		/**
		 * A library's routes, asked for on the warm-up's thread before readiness.
		 */
		FRAMEWORK_ROUTES,

		/**
		 * The application's security, asked whether a library's route is open.
		 */
		ANONYMOUS_ACCESS,

		/**
		 * A warm-up task, run inside a warm-up request.
		 */
		WARMUP_TASK,

		/**
		 * A recorder of every request's phases, on the request path.
		 */
		PHASE_RECORDER,

		/**
		 * A meter registry, asked for the warm-up's meters when they are removed.
		 */
		METER_SWEEP,

		/**
		 * A step run once the application is ready, before the statistics start and
		 * requests count.
		 */
		READY_STEP

	}

	/**
	 * What the collaborator does.
	 */
	enum Fault {

		RUNTIME, LINKAGE, HANG

	}

	/**
	 * The fault of the running test, which the collaborators act out.
	 */
	static final class Injected {

		private static volatile Site site;

		private static volatile Fault fault;

		private static volatile CountDownLatch release = new CountDownLatch(1);

		static void inject(Site site, Fault fault) {
			Injected.release = new CountDownLatch(1);
			Injected.site = site;
			Injected.fault = fault;
		}

		static void release() {
			release.countDown();
		}

		static void at(Site here) {
			if (here != site) {
				return;
			}
			switch (fault) {
				case RUNTIME -> throw new IllegalStateException("injected at " + here);
				case LINKAGE -> throw new NoSuchMethodError("injected at " + here);
				case HANG -> {
					// Never returns until the test ends, interrupted or not.
					while (release.getCount() > 0) {
						try {
							release.await();
						}
						catch (InterruptedException ex) {
							// Ignored, as by code that hangs.
						}
					}
				}
			}
		}

	}

	/**
	 * When the application became ready and when it reported that it accepts traffic: the
	 * warm-up runs between the two.
	 */
	static final class ReadinessTimes {

		private volatile long ready;

		private volatile long acceptingTraffic;

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(HelloController.class)
	static class TestApplication {

		@Bean
		ReadinessTimes readinessTimes() {
			return new ReadinessTimes();
		}

		@Bean
		@Order(Ordered.HIGHEST_PRECEDENCE)
		ApplicationListener<ApplicationReadyEvent> readyTime(ReadinessTimes times) {
			return (event) -> times.ready = System.nanoTime();
		}

		@Bean
		ApplicationListener<AvailabilityChangeEvent<ReadinessState>> acceptingTrafficTime(ReadinessTimes times) {
			return (event) -> {
				if (event.getState() == ReadinessState.ACCEPTING_TRAFFIC) {
					times.acceptingTraffic = System.nanoTime();
				}
			};
		}

		@Bean
		WarmupRequests.FrameworkRoutes injectedRoutes() {
			return () -> {
				Injected.at(Site.FRAMEWORK_ROUTES);
				return List.of(WarmupRequest.get(Origin.BUILT_IN, "/hello"));
			};
		}

		@Bean
		AnonymousAccess injectedAccess() {
			return (method, path) -> {
				Injected.at(Site.ANONYMOUS_ACCESS);
				return true;
			};
		}

		@Bean
		WarmupTask injectedTask() {
			return new WarmupTask() {

				@Override
				public String name() {
					return "injected";
				}

				@Override
				public void run() {
					Injected.at(Site.WARMUP_TASK);
				}

			};
		}

		@Bean
		@Order(ReadyStep.WARMUP_METERS)
		ReadyStep injectedReadyStep() {
			return ReadyStep.of(new ReadyStep.Part("the injected step", "tomcat-latency.warmup.enabled"),
					(context) -> Injected.at(Site.READY_STEP));
		}

		@Bean
		PhaseRecorder injectedRecorder() {
			return (route, method, status, container, filters, mvc) -> Injected.at(Site.PHASE_RECORDER);
		}

		@Bean
		SimpleMeterRegistry injectedRegistry() {
			return new SimpleMeterRegistry() {

				@Override
				public Search find(String name) {
					if (WarmupObservationFilter.METER_NAME.equals(name)) {
						Injected.at(Site.METER_SWEEP);
					}
					return super.find(name);
				}

			};
		}

	}

	@RestController
	static class HelloController {

		@GetMapping("/hello")
		String hello() {
			return "hello";
		}

	}

}
