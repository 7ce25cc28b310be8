package io.github.tomcatlatency.report;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.report.TomcatLatencyReport.Phases;
import io.github.tomcatlatency.report.TomcatLatencyReport.Storage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the memory cap of {@link RequestStatistics}: what it stores within the cap,
 * what it counts beyond it, and what a report read allocates at a hundred routes.
 */
class RequestStatisticsCapTests {

	private static final int ROUTES = 100;

	private final List<RequestStatistics> created = new ArrayList<>();

	@AfterEach
	void closeStatistics() {
		this.created.forEach(RequestStatistics::close);
	}

	@Test
	void routesBeyondTheCapAreCountedNotStored() {
		// Room for the fixed part and ten routes.
		long cap = ApplicationPhases.BYTES + ROUTES * 9 * Integer.BYTES + 10 * RouteStatistics.BYTES;
		RequestStatistics statistics = statistics(cap);
		for (int i = 0; i < ROUTES; i++) {
			record(statistics, i, 3);
		}
		RequestStatistics.Statistics read = statistics.snapshot();
		Storage storage = read.storage();
		assertThat(storage.routes()).isEqualTo(10);
		assertThat(read.routes()).hasSize(10);
		assertThat(storage.otherRoutes()).isEqualTo(ROUTES - 10);
		assertThat(storage.otherRequests()).isEqualTo((ROUTES - 10) * 3L);
		assertThat(storage.memoryBytes()).isLessThanOrEqualTo(cap);
		assertThat(storage.maxMemoryBytes()).isEqualTo(cap);
		// The stored routes' figures hold their requests only.
		assertThat(read.total().count()).isEqualTo(10 * 3L);
		Phases phases = PhaseAnalysis.analyse(read, 10);
		assertThat(phases.requests()).isEqualTo(10 * 3L);
		assertThat(phases.storage()).isEqualTo(storage);
	}

	@Test
	void aFloodOfRoutesStaysWithinTheCap() {
		long cap = 1024 * 1024;
		RequestStatistics statistics = statistics(10_000, cap);
		for (int i = 0; i < 10_000; i++) {
			record(statistics, i, 1);
		}
		Storage storage = statistics.snapshot().storage();
		assertThat(storage.memoryBytes()).isLessThanOrEqualTo(cap);
		assertThat(storage.routes() + storage.otherRoutes()).isEqualTo(10_000);
		assertThat(storage.otherRequests()).isEqualTo(storage.otherRoutes());
	}

	@Test
	void resetStartsWithAnEmptyBudget() {
		long cap = ApplicationPhases.BYTES + ROUTES * 9 * Integer.BYTES + RouteStatistics.BYTES;
		RequestStatistics statistics = statistics(cap);
		record(statistics, 0, 1);
		record(statistics, 1, 1);
		assertThat(statistics.snapshot().storage().otherRoutes()).isOne();
		statistics.reset();
		record(statistics, 1, 1);
		Storage storage = statistics.snapshot().storage();
		assertThat(storage.routes()).isOne();
		assertThat(storage.otherRoutes()).isZero();
	}

	@Test
	void aReportReadAtAHundredRoutesRecordedConcurrentlyAllocatesAtMostAMegabyte() throws Exception {
		RequestStatistics statistics = statistics(2 * 1024 * 1024);
		recordFromTwoThreads(statistics);
		RequestStatistics.Statistics warm = statistics.snapshot();
		assertThat(warm.routes()).hasSize(ROUTES + ROUTES / 2);
		assertThat(warm.storage().otherRoutes()).isZero();
		read(statistics);
		com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
		long before = threads.getCurrentThreadAllocatedBytes();
		read(statistics);
		long allocated = threads.getCurrentThreadAllocatedBytes() - before;
		assertThat(allocated).as("bytes allocated by one read").isLessThanOrEqualTo(1024 * 1024);
	}

	private static void read(RequestStatistics statistics) {
		RequestStatistics.Statistics read = statistics.snapshot();
		PhaseAnalysis.analyse(read, 10);
		ColdRequestAnalysis.analyse(read.routes(), statistics.since(), statistics.spikeDetection(), 10, null, null,
				List.of());
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
		// GET on every route, POST on the first half.
		for (int i = 0; i < ROUTES; i++) {
			record(statistics, i, 2_000, i < ROUTES / 2);
		}
		return null;
	}

	private RequestStatistics statistics(long cap) {
		return statistics(ROUTES, cap);
	}

	private RequestStatistics statistics(int routes, long cap) {
		RequestStatistics statistics = new RequestStatistics(routes, cap, 5, Duration.ofSeconds(30));
		this.created.add(statistics);
		return statistics;
	}

	private static void record(RequestStatistics statistics, int index, int requests) {
		record(statistics, index, requests, false);
	}

	// Durations over four decades.
	private static void record(RequestStatistics statistics, int index, int requests, boolean post) {
		Route route = new Route("/route" + index, index);
		for (int i = 1; i <= requests; i++) {
			long nanos = TimeUnit.MICROSECONDS.toNanos(i * 37L % 10_000 + 1);
			statistics.record(route, "GET", 200, nanos / 4, nanos / 4, nanos - nanos / 2);
			if (post) {
				statistics.record(route, "POST", 200, nanos / 4, nanos / 4, nanos - nanos / 2);
			}
		}
	}

}
