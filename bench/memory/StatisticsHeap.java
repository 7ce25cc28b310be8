import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CyclicBarrier;

import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.report.RequestStatistics;

/**
 * The heap the endpoint's request statistics retain, measured in one JVM apart from any
 * application (bench/memory.sh measures whole applications, a few MB apart by chance):
 * heap used after full GCs, before and after two threads record every route (ROUTES GET,
 * POST on half of them) at once, 20,000 requests each, so that routes split their stripes.
 * Run: java -cp <classes>:<bench/memory/target/app/lib/*> StatisticsHeap [routes [max-memory bytes]]
 */
public class StatisticsHeap {

	public static void main(String[] args) throws Exception {
		int routes = (args.length > 0) ? Integer.parseInt(args[0]) : 100;
		long maxMemory = (args.length > 1) ? Long.parseLong(args[1]) : 2 * 1024 * 1024;
		// Classes loaded first, so that what is measured is the statistics' own heap.
		new RequestStatistics(routes, maxMemory, 5, Duration.ofSeconds(30))
			.record(new Route("/warm", 0), "GET", 200, 1, 1, 1);
		long before = usedAfterGc();
		RequestStatistics statistics = new RequestStatistics(routes, maxMemory, 5, Duration.ofSeconds(30));
		CyclicBarrier start = new CyclicBarrier(2);
		Runnable record = () -> {
			try {
				start.await();
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
			for (int i = 0; i < routes; i++) {
				Route route = new Route("/route" + i, i);
				for (int n = 0; n < 20_000; n++) {
					long nanos = 1_000 + (n * 7919L) % 5_000_000;
					statistics.record(route, "GET", 200, nanos / 4, nanos / 4, nanos - nanos / 2);
					if (i < routes / 2) {
						statistics.record(route, "POST", 200, nanos / 4, nanos / 4, nanos - nanos / 2);
					}
				}
			}
		};
		Thread first = new Thread(record);
		Thread second = new Thread(record);
		first.start();
		second.start();
		first.join();
		second.join();
		long after = usedAfterGc();
		System.out.printf("%d routes: %.2f MB retained by the statistics%n", routes, (after - before) / 1048576.0);
		// Still reachable here: measured with it.
		statistics.probing();
	}

	private static long usedAfterGc() throws InterruptedException {
		for (int i = 0; i < 3; i++) {
			System.gc();
			Thread.sleep(100);
		}
		return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
	}

}
