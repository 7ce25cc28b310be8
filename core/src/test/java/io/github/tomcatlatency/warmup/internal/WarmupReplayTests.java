package io.github.tomcatlatency.warmup.internal;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.client.LoopbackServer;
import io.github.tomcatlatency.warmup.internal.client.PlainHttpServer;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Tests for the routes a training recorded, sent again before readiness: after the
 * configured ones, side by side, each route's first request before any route's second,
 * and timed apart in the result. Over real HTTP, to the JDK's own server, whose handlers
 * count how many requests are on their way at once.
 */
class WarmupReplayTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	// Long enough for the lanes' requests to overlap when they are sent side by side.
	private static final long ANSWER_MILLIS = 150;

	private final PlainHttpServer server = PlainHttpServer.start();

	private final AtomicInteger onTheirWay = new AtomicInteger();

	private final AtomicInteger mostAtOnce = new AtomicInteger();

	private final ConcurrentLinkedQueue<String> arrived = new ConcurrentLinkedQueue<>();

	WarmupReplayTests() {
		for (String path : List.of("/configured", "/a", "/b", "/c")) {
			this.server.route(path, (exchange) -> {
				this.arrived.add(exchange.getRequestURI().getPath());
				this.mostAtOnce.accumulateAndGet(this.onTheirWay.incrementAndGet(), Math::max);
				try {
					Thread.sleep(ANSWER_MILLIS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				this.onTheirWay.decrementAndGet();
				PlainHttpServer.answer(exchange, 200, "ok");
			});
		}
	}

	@AfterEach
	void close() {
		this.server.close();
	}

	@Test
	void replayedRoutesGoOutSideBySideAfterTheConfiguredOnesEachRoutesFirstBeforeAnySecond() {
		assumeThat(Runtime.getRuntime().availableProcessors()).as("CPUs for a second lane").isGreaterThan(1);
		WarmupResult result = run(false, () -> List.of(configured(), replayed("/a"), replayed("/b"), replayed("/c")));
		assertThat(result.state()).isEqualTo(State.COMPLETED);
		List<String> arrived = List.copyOf(this.arrived);
		assertThat(arrived).hasSize(7).first().isEqualTo("/configured");
		// The first round, whatever order the lanes took it in, before the second.
		assertThat(arrived.subList(1, 4)).containsExactlyInAnyOrder("/a", "/b", "/c");
		assertThat(arrived.subList(4, 7)).containsExactlyInAnyOrder("/a", "/b", "/c");
		assertThat(this.mostAtOnce).hasValueGreaterThan(1);
		assertThat(result.requests()).filteredOn((request) -> request.origin() == Origin.REPLAYED)
			.extracting(RequestResult::path)
			.containsExactlyInAnyOrder("/a", "/b", "/c", "/a", "/b", "/c");
		// Six answers of 150 ms each on at least two lanes, and part of what held
		// readiness.
		assertThat(result.replayMs()).isGreaterThanOrEqualTo(2 * ANSWER_MILLIS)
			.isLessThan(6 * ANSWER_MILLIS)
			.isLessThanOrEqualTo(result.readinessHeldMs());
	}

	@Test
	void onVirtualThreadsReplayedRoutesGoOutOneAtATime() {
		WarmupResult result = run(true, () -> List.of(replayed("/a"), replayed("/b")));
		assertThat(result.state()).isEqualTo(State.COMPLETED);
		assertThat(this.arrived).containsExactly("/a", "/b", "/a", "/b");
		assertThat(this.mostAtOnce).hasValue(1);
		assertThat(result.replayMs()).isGreaterThanOrEqualTo(4 * ANSWER_MILLIS);
	}

	@Test
	void withoutReplayedRoutesTheReplayTookNoTime() {
		WarmupResult result = run(false, () -> List.of(configured()));
		assertThat(result.state()).isEqualTo(State.COMPLETED);
		assertThat(result.replayMs()).isZero();
		assertThat(result.readinessHeldMs()).isGreaterThanOrEqualTo(ANSWER_MILLIS);
	}

	private WarmupResult run(boolean virtualThreads, Supplier<List<WarmupRequest>> requests) {
		WarmupRunner runner = new WarmupRunner(() -> new LoopbackServer(this.server.uri(), null, virtualThreads),
				() -> 0, Duration.ZERO, requests, List::of, List::of, new WarmupRequestMarker(),
				new WarmupTaskResults(), TIMEOUT, TIMEOUT, false);
		runner.run();
		return runner.getResult();
	}

	private static WarmupRequest configured() {
		return WarmupRequest.get(Origin.CONFIGURED, "/configured");
	}

	private static WarmupRequest replayed(String path) {
		return new WarmupRequest(Origin.REPLAYED, "GET", path, Map.of(), null, 2);
	}

}
