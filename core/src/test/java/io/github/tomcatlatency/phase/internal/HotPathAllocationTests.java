package io.github.tomcatlatency.phase.internal;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;

import com.sun.management.ThreadMXBean;
import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import io.github.tomcatlatency.phase.Phase;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.phase.Routes;
import io.github.tomcatlatency.statistics.RequestStatistics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.core.StandardPipeline;
import org.apache.catalina.valves.ErrorReportValve;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-request path, from the first boundary to recording the split in the timers, the
 * container parts' meters and the endpoint's statistics, and the JFR event while no
 * recording runs, allocates nothing once its route, timers and statistics exist: it runs
 * on every request in production. So does timing each valve of a request the cold-request
 * probe measures, once the clock has its valves' times.
 */
class HotPathAllocationTests {

	private static final int REQUESTS = 20_000;

	private static long ticks;

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

	@Test
	void timingTheValvesOfAProbedRequestAllocatesNothing() {
		StandardPipeline pipeline = new StandardPipeline(new StandardHost());
		pipeline.setBasic(new ErrorReportValve());
		ValveTiming.mark(pipeline, false);
		int slot = ((ValveMark) pipeline.getFirst()).slot();
		try {
			// The clock's first probed request allocates its valves' times, once.
			probedRequests(REQUESTS, slot);
			ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
			long before = threads.getCurrentThreadAllocatedBytes();
			probedRequests(REQUESTS, slot);
			long allocated = threads.getCurrentThreadAllocatedBytes() - before;
			assertThat(allocated / REQUESTS).isLessThan(8);
			assertThat(this.clock.slowestValve(ContainerPart.VALVES_IN)).isEqualTo(ErrorReportValve.class.getName());
		}
		finally {
			ValveTiming.reset();
		}
	}

	private void probedRequests(int count, int slot) {
		for (int i = 0; i < count; i++) {
			long start = tick();
			this.clock.dispatchStarted(start, HotPathAllocationTests::tick);
			this.clock.probeStarted(0, CompletedRequest.NOT_MEASURED);
			this.clock.valveEntered(slot, tick());
			this.clock.enter(Phase.FILTERS, tick());
			this.clock.exit(Phase.FILTERS, tick());
			this.clock.valveLeft(tick());
			this.clock.dispatchEnded(false, HotPathAllocationTests::tick);
			this.clock.complete(start, tick() - start);
			this.clock.slowestValveNanos(ContainerPart.VALVES_IN);
			this.clock.slowestValve(ContainerPart.VALVES_IN);
		}
	}

	// A clock that moves 10 ns a call, read without a capturing lambda.
	private static long tick() {
		ticks += 10;
		return ticks;
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
