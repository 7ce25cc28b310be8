package io.github.tomcatlatency.report;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the memory cap of {@link RequestStatistics}: what it stores within the cap,
 * what it counts beyond it, the heap it holds on many CPUs, and what a report read
 * allocates at a hundred and fifty methods and routes, the classes their first requests
 * loaded included.
 */
class RequestStatisticsCapTests {

	private static final int ROUTES = 100;

	private static final int CLASSES_PER_FIRST_REQUEST = 20;

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
	void theCapHoldsOnSixtyFourCpusAndTheReportShowsTheHeapHeld() throws Exception {
		// A LongAdder grows a cell per contending CPU: a JVM told it has 64 records from
		// 64 threads, each route from all of them at once, into 40 routes (GET on each,
		// POST on half), more than a 256 KB cap holds.
		long cap = 256 * 1024;
		Map<String, Long> measured = childJvm("-XX:ActiveProcessorCount=64", "-XX:+UseSerialGC", "-Xmx256m",
				StatisticsHeap.class.getName(), "40", Long.toString(cap), "64", "5000");
		assertThat(measured.get("maxMemoryBytes")).isEqualTo(cap);
		assertThat(measured.get("otherRoutes")).as("routes the cap kept out").isPositive();
		long held = measured.get("heldBytes");
		assertThat(held).as("heap held by the statistics at a cap of %d", cap).isLessThanOrEqualTo(cap + cap / 10);
		assertThat(measured.get("memoryBytes")).as("memoryBytes against the heap held, %d", held)
			.isBetween(held - held / 10, held + held / 10);
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void aReportReadAtAHundredAndFiftyRoutesWithTheClassesTheirFirstRequestsLoadedAllocatesAtMostAMegabyte()
			throws Exception {
		RequestStatistics statistics = statistics(2 * 1024 * 1024);
		// As at readiness: the probe and the JVM's class load log start.
		statistics.reset();
		recordFromTwoThreads(statistics);
		RequestStatistics.Statistics warm = statistics.snapshot();
		assertThat(warm.routes()).hasSize(ROUTES + ROUTES / 2);
		assertThat(warm.storage().otherRoutes()).isZero();
		assertThat(statistics.probing()).as("probing after the warm requests").isFalse();
		TomcatLatencyReporter reporter = new TomcatLatencyReporter(statistics, null, () -> null,
				new StandardEnvironment(), () -> null, () -> null, () -> null, 10, List.of());
		ColdRequests cold = reporter.report().coldRequests();
		assertThat(cold.firstRequest().cause().loadedPackages()).as("the classes the first request loaded")
			.anySatisfy((group) -> {
				assertThat(group.name()).isEqualTo("io.github.tomcatlatency");
				assertThat(group.classes()).isGreaterThanOrEqualTo(CLASSES_PER_FIRST_REQUEST);
			});
		assertThat(cold.worstRoutes()).hasSize(10)
			.allSatisfy((route) -> assertThat(route.cause().loadedPackages()).isNotNull());
		com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
		long before = threads.getCurrentThreadAllocatedBytes();
		TomcatLatencyReport again = reporter.report();
		long allocated = threads.getCurrentThreadAllocatedBytes() - before;
		assertThat(allocated).as("bytes allocated by one read").isLessThanOrEqualTo(1024 * 1024);
		assertThat(again.coldRequests()).isEqualTo(cold);
	}

	private static Map<String, Long> childJvm(String... arguments) throws Exception {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("%s ended: %s", command, output).isTrue();
		assertThat(process.exitValue()).as("%s: %s", command, output).isZero();
		String line = output.lines()
			.filter((candidate) -> candidate.startsWith(StatisticsHeap.PREFIX))
			.findFirst()
			.orElseThrow(() -> new AssertionError("No measure printed by " + command + ": " + output));
		Map<String, Long> fields = new HashMap<>();
		for (String field : line.split(" ")) {
			String[] nameAndValue = field.split("=", 2);
			fields.put(nameAndValue[0], Long.parseLong(nameAndValue[1]));
		}
		return fields;
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
			record(statistics, i, 2_000, i < ROUTES / 2);
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
