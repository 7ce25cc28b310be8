package io.github.tomcatlatency.phase.internal;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;

import com.sun.management.ThreadMXBean;
import io.github.tomcatlatency.phase.Phase;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.phase.Routes;
import io.github.tomcatlatency.report.RequestStatistics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-request path, from the first boundary to recording the split in the timers, the
 * container parts' meters and the endpoint's statistics, and the JFR event while no
 * recording runs, allocates nothing once its route, timers and statistics exist: it runs
 * on every request in production.
 */
class HotPathAllocationTests {

	private static final int REQUESTS = 20_000;

	private final PhaseClock clock = new PhaseClock();

	private final Routes routes = new Routes(10);

	private final RequestStatistics statistics = new RequestStatistics(10, 1 << 20, 5, Duration.ofSeconds(30));

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final PhaseRecorder recorder = CompositePhaseRecorder
		.of(List.of(new PhaseTimers(this.registry, 10), new ContainerPartMeters(this.registry), this.statistics));

	@Test
	void timingAndRecordingARequestAllocatesNothing() {
		// The first requests create the route, the timers and the statistics; then the
		// JIT warms.
		requests(REQUESTS);
		ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
		long before = threads.getCurrentThreadAllocatedBytes();
		requests(REQUESTS);
		long allocated = threads.getCurrentThreadAllocatedBytes() - before;
		// Slack for the measurement itself, far below one object per request.
		assertThat(allocated / REQUESTS).isLessThan(8);
	}

	private void requests(int count) {
		for (int i = 0; i < count; i++) {
			long start = i * 1_000L;
			this.clock.dispatchStarted(start, System::nanoTime);
			this.clock.enter(Phase.FILTERS, start + 20);
			this.clock.enter(Phase.MVC, start + 30);
			this.clock.exit(Phase.MVC, start + 300);
			this.clock.captureRoute("/things/{id}");
			this.clock.exit(Phase.FILTERS, start + 310);
			this.clock.dispatchEnded(false, System::nanoTime);
			if (this.clock.complete(start, 400)) {
				Route route = this.routes.resolve(this.clock.route(), 200);
				this.recorder.record(route, "GET", 200, this.clock);
				// No recording runs: the JFR event is not even created.
				RequestEvents.commit(this.clock, route.uri(), "GET", 200);
			}
		}
	}

}
