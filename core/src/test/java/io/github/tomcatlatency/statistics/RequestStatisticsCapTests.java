package io.github.tomcatlatency.statistics;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the memory cap of {@link RequestStatistics}: what it stores within the cap,
 * what it counts beyond it and the heap it holds on many CPUs.
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
		StatisticsSnapshot read = statistics.snapshot();
		StatisticsSnapshot.Cap budget = read.cap();
		assertThat(read.routes()).hasSize(10);
		assertThat(budget.otherRoutes()).isEqualTo(ROUTES - 10);
		assertThat(budget.otherRequests()).isEqualTo((ROUTES - 10) * 3L);
		assertThat(budget.usedBytes()).isLessThanOrEqualTo(cap);
		assertThat(budget.maxBytes()).isEqualTo(cap);
		// The stored routes' figures hold their requests only.
		assertThat(read.total().count()).isEqualTo(10 * 3L);
	}

	@Test
	void aFloodOfRoutesStaysWithinTheCap() {
		long cap = 1024 * 1024;
		RequestStatistics statistics = statistics(10_000, cap);
		for (int i = 0; i < 10_000; i++) {
			record(statistics, i, 1);
		}
		StatisticsSnapshot read = statistics.snapshot();
		StatisticsSnapshot.Cap budget = read.cap();
		assertThat(budget.usedBytes()).isLessThanOrEqualTo(cap);
		assertThat(read.routes().size() + budget.otherRoutes()).isEqualTo(10_000);
		assertThat(budget.otherRequests()).isEqualTo(budget.otherRoutes());
	}

	@Test
	void resetStartsWithAnEmptyBudget() {
		long cap = ApplicationPhases.BYTES + ROUTES * 9 * Integer.BYTES + RouteStatistics.BYTES;
		RequestStatistics statistics = statistics(cap);
		record(statistics, 0, 1);
		record(statistics, 1, 1);
		assertThat(statistics.snapshot().cap().otherRoutes()).isOne();
		statistics.reset();
		record(statistics, 1, 1);
		StatisticsSnapshot read = statistics.snapshot();
		assertThat(read.routes()).hasSize(1);
		assertThat(read.cap().otherRoutes()).isZero();
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

	private RequestStatistics statistics(long cap) {
		return statistics(ROUTES, cap);
	}

	private RequestStatistics statistics(int routes, long cap) {
		RequestStatistics statistics = new RequestStatistics(routes, cap, 5, Duration.ofSeconds(30));
		this.created.add(statistics);
		return statistics;
	}

	private static void record(RequestStatistics statistics, int index, int requests) {
		RouteRequests.record(statistics, index, requests, false);
	}

}
