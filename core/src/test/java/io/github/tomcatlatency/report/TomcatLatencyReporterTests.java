package io.github.tomcatlatency.report;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.classload.fixture.First;
import io.github.tomcatlatency.classload.fixture.FreshClasses;
import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequests;
import io.github.tomcatlatency.report.TomcatLatencyReport.Phases;
import io.github.tomcatlatency.report.TomcatLatencyReport.Storage;
import io.github.tomcatlatency.statistics.MeasuredRequest;
import io.github.tomcatlatency.statistics.RequestStatistics;
import io.github.tomcatlatency.statistics.RouteRequests;
import io.github.tomcatlatency.statistics.StatisticsSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TomcatLatencyReporter} reading the request statistics: the storage it
 * shows, and what a read allocates at a hundred and fifty methods and routes, the classes
 * their first requests loaded included.
 */
class TomcatLatencyReporterTests {

	private static final int ROUTES = 100;

	private static final int CLASSES_PER_FIRST_REQUEST = 20;

	@Test
	void storageShowsWhatTheCapStoredAndKeptOut() {
		// Room for a few routes of the hundred.
		try (RequestStatistics statistics = statistics(128 * 1024)) {
			for (int i = 0; i < ROUTES; i++) {
				RouteRequests.record(statistics, i, 3, false);
			}
			StatisticsSnapshot.Cap cap = statistics.snapshot().cap();
			assertThat(cap.otherRoutes()).isPositive();
			int stored = ROUTES - cap.otherRoutes();
			Phases phases = reporter(statistics).report().phases();
			// The stored routes' figures hold their requests only.
			assertThat(phases.requests()).isEqualTo(stored * 3L);
			assertThat(phases.storage()).isEqualTo(
					new Storage(stored, cap.otherRoutes(), cap.otherRequests(), cap.usedBytes(), cap.maxBytes()));
		}
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void aReportReadAtAHundredAndFiftyRoutesWithTheClassesTheirFirstRequestsLoadedAllocatesAtMostAMegabyte()
			throws Exception {
		try (RequestStatistics statistics = statistics(2 * 1024 * 1024)) {
			// As at readiness: the probe and the JVM's class load log start.
			statistics.reset();
			recordFromTwoThreads(statistics);
			StatisticsSnapshot warm = statistics.snapshot();
			assertThat(warm.routes()).hasSize(ROUTES + ROUTES / 2);
			assertThat(warm.cap().otherRoutes()).isZero();
			assertThat(statistics.probing()).as("probing after the warm requests").isFalse();
			TomcatLatencyReporter reporter = reporter(statistics);
			ColdRequests cold = reporter.report().coldRequests();
			assertThat(cold.firstRequest().cause().loadedPackages()).as("the classes the first request loaded")
				.anySatisfy((group) -> {
					assertThat(group.name()).isEqualTo("io.github.tomcatlatency");
					assertThat(group.classes()).isGreaterThanOrEqualTo(CLASSES_PER_FIRST_REQUEST);
				});
			assertThat(cold.worstRoutes()).hasSize(10)
				.allSatisfy((route) -> assertThat(route.cause().loadedPackages()).isNotNull());
			com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
				.getThreadMXBean();
			long before = threads.getCurrentThreadAllocatedBytes();
			TomcatLatencyReport again = reporter.report();
			long allocated = threads.getCurrentThreadAllocatedBytes() - before;
			assertThat(allocated).as("bytes allocated by one read").isLessThanOrEqualTo(1024 * 1024);
			assertThat(again.coldRequests()).isEqualTo(cold);
		}
	}

	private void recordFromTwoThreads(RequestStatistics statistics) throws Exception {
		CyclicBarrier start = new CyclicBarrier(2);
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try {
			Future<?> first = threads.submit(() -> recordEveryRoute(statistics, start));
			Future<?> second = threads.submit(() -> recordEveryRoute(statistics, start));
			first.get();
			second.get();
		}
		finally {
			threads.shutdownNow();
			assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		}
	}

	private static Void recordEveryRoute(RequestStatistics statistics, CyclicBarrier start) throws Exception {
		start.await();
		// GET on every route, POST on the first half: first a request that loads classes,
		// then, once both threads sent theirs, warm ones until the probe is off.
		for (int i = 0; i < ROUTES; i++) {
			Route route = new Route("/route" + i, i);
			recordFirst(statistics, route, "GET");
			if (i < ROUTES / 2) {
				recordFirst(statistics, route, "POST");
			}
		}
		start.await();
		for (int i = 0; i < ROUTES; i++) {
			RouteRequests.record(statistics, i, 2_000, i < ROUTES / 2);
		}
		return null;
	}

	// Loads classes on this thread while it runs, measured as the probe measures a first
	// request.
	private static void recordFirst(RequestStatistics statistics, Route route, String method) {
		long start = System.nanoTime();
		for (int i = 0; i < CLASSES_PER_FIRST_REQUEST; i++) {
			FreshClasses.load(First.class.getName());
		}
		statistics.record(route, method, 200,
				new MeasuredRequest(start, System.nanoTime() - start, CLASSES_PER_FIRST_REQUEST));
	}

	private static RequestStatistics statistics(long cap) {
		return new RequestStatistics(ROUTES, cap, 5, Duration.ofSeconds(30));
	}

	private static TomcatLatencyReporter reporter(RequestStatistics statistics) {
		return new TomcatLatencyReporter(statistics, null, () -> null, new StandardEnvironment(), () -> null,
				() -> null, () -> null, 10, List.of());
	}

}
