package io.github.tomcatlatency.statistics;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CyclicBarrier;

import io.github.tomcatlatency.phase.Route;

/**
 * The heap the endpoint's request statistics hold, measured in a JVM of its own: threads
 * record every route at once (GET on each, POST on the first half), all of them the same
 * route at the same time, so that routes split their stripes and every sum is contended;
 * then the heap used after full GCs with the statistics reachable, minus the same without
 * them. Prints one line, {@code heldBytes=... memoryBytes=... maxMemoryBytes=...
 * routes=... otherRoutes=...}, {@code memoryBytes} being what the report's
 * {@code phases.storage} shows. Run by {@code RequestStatisticsCapTests} at 64 CPUs, and
 * by {@code bench/memory.sh}.
 * <p>
 * Arguments: routes (100), max-memory in bytes (2 MB), recording threads (the JVM's CPU
 * count), requests per method and route and thread (2,000).
 */
public final class StatisticsHeap {

	/**
	 * What the printed line starts with.
	 */
	static final String PREFIX = "heldBytes=";

	// Static: the JIT cannot tell them unreachable while they are measured.
	private static Route[] routes;

	private static RequestStatistics statistics;

	private StatisticsHeap() {
	}

	public static void main(String[] args) throws Exception {
		int routeCount = (args.length > 0) ? Integer.parseInt(args[0]) : 100;
		long maxMemory = (args.length > 1) ? Long.parseLong(args[1]) : 2 * 1024 * 1024;
		int threads = (args.length > 2) ? Integer.parseInt(args[2]) : Runtime.getRuntime().availableProcessors();
		int requests = (args.length > 3) ? Integer.parseInt(args[3]) : 2_000;
		routes = new Route[routeCount];
		for (int i = 0; i < routeCount; i++) {
			routes[i] = new Route("/route" + i, i);
		}
		// Classes loaded first, so that what is measured is the statistics' own heap.
		statistics = new RequestStatistics(routeCount, maxMemory, 5, Duration.ofSeconds(30));
		record(threads, 10);
		statistics = new RequestStatistics(routeCount, maxMemory, 5, Duration.ofSeconds(30));
		record(threads, requests);
		StatisticsSnapshot snapshot = statistics.snapshot();
		int stored = snapshot.routes().size();
		StatisticsSnapshot.Cap cap = snapshot.cap();
		long with = usedAfterGc();
		statistics = null;
		long without = usedAfterGc();
		System.out.println(PREFIX + (with - without) + " memoryBytes=" + cap.usedBytes() + " maxMemoryBytes="
				+ cap.maxBytes() + " routes=" + stored + " otherRoutes=" + cap.otherRoutes());
	}

	private static void record(int threads, int requests) throws InterruptedException {
		CyclicBarrier start = new CyclicBarrier(threads);
		Thread[] recorders = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			recorders[t] = new Thread(() -> recordEveryRoute(start, requests));
			recorders[t].start();
		}
		for (Thread recorder : recorders) {
			recorder.join();
		}
	}

	private static void recordEveryRoute(CyclicBarrier start, int requests) {
		for (int i = 0; i < routes.length; i++) {
			await(start);
			for (int n = 0; n < requests; n++) {
				// Durations over four decades.
				long nanos = 1_000 + (n * 7919L) % 5_000_000;
				statistics.record(routes[i], "GET", 200, nanos / 4, nanos / 4, nanos - nanos / 2);
				if (i < routes.length / 2) {
					statistics.record(routes[i], "POST", 200, nanos / 4, nanos / 4, nanos - nanos / 2);
				}
			}
		}
	}

	private static void await(CyclicBarrier barrier) {
		try {
			barrier.await();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static long usedAfterGc() throws InterruptedException {
		long used = Long.MAX_VALUE;
		for (int i = 0; i < 4; i++) {
			System.gc();
			Thread.sleep(50);
			used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
		}
		return used;
	}

}
