package io.github.tomcatlatency.warmup.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import com.sun.net.httpserver.HttpExchange;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.client.LoopbackServer;
import io.github.tomcatlatency.warmup.internal.client.PlainHttpServer;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the warm-up's one deadline: whatever a request or a thread of the warm-up
 * does, {@link WarmupRunner#run()}, which holds readiness, returns within the timeout and
 * a second. Each test measures how long it held readiness.
 */
class WarmupDeadlineTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	// As long as the timeout: a request whose headers come just before it and whose
	// body then stalls took twice as long when only the socket's read timeout bound it.
	private static final Duration REQUEST_TIMEOUT = TIMEOUT;

	private static final Duration BOUND = TIMEOUT.plusSeconds(1);

	private final PlainHttpServer server = PlainHttpServer.start();

	// Released when the test ends: what stalls stalls until then.
	private final CountDownLatch release = new CountDownLatch(1);

	@AfterEach
	void close() {
		this.release.countDown();
		this.server.close();
	}

	@ParameterizedTest(name = "{0} {1} {2}")
	@CsvSource({ "CONFIGURED, GET, BEFORE_HEADERS", "CONFIGURED, GET, LATE_HEADERS_THEN_NO_BODY",
			"CONFIGURED, GET, MID_BODY", "CONFIGURED, PATCH, BEFORE_HEADERS",
			"CONFIGURED, PATCH, LATE_HEADERS_THEN_NO_BODY", "CONFIGURED, PATCH, MID_BODY",
			"BUILT_IN, GET, LATE_HEADERS_THEN_NO_BODY", "BUILT_IN, GET, MID_BODY" })
	void aStallingResponseHoldsReadinessNoLongerThanTheTimeoutAndASecond(Origin origin, String method, Stall stall) {
		this.server.route("/stall", (exchange) -> stall.answer(exchange, this.release));
		WarmupRunner runner = runner(() -> List.of(new WarmupRequest(origin, method, "/stall", Map.of(), null, 1)));
		runner.start();
		long held = held(runner);
		assertThat(Duration.ofNanos(held)).as("readiness held").isLessThanOrEqualTo(BOUND);
		WarmupResult result = runner.getResult();
		// A request that ends at the deadline fails for want of time: whether the
		// deadline or its own timeout ended it first is a race.
		assertThat(result.state()).isIn(State.TIMED_OUT, State.FAILED);
		assertThat(result.requests()).allSatisfy((request) -> assertThat(request.status()).isNull());
	}

	@Test
	void aWarmupThreadThatNeverReturnsHoldsReadinessNoLongerThanTheTimeoutAndASecond() {
		WarmupRunner runner = runner(() -> {
			awaitIgnoringInterrupts(this.release);
			return List.of();
		});
		runner.start();
		long held = held(runner);
		assertThat(Duration.ofNanos(held)).as("readiness held").isLessThanOrEqualTo(BOUND);
		assertThat(runner.getResult()).extracting(WarmupResult::state)
			.as(runner.getResult().toString())
			.isEqualTo(State.TIMED_OUT);
	}

	@Test
	void whatTheWarmupDidNotExpectReachesTheCallerWhichEndsItAsFailed() {
		IllegalArgumentException unexpected = new IllegalArgumentException("Invalid contextPath");
		WarmupRunner runner = runner(() -> {
			throw unexpected;
		});
		runner.start();
		try {
			runner.run();
		}
		catch (IllegalArgumentException ex) {
			assertThat(ex).isSameAs(unexpected);
			runner.failed(ex);
		}
		assertThat(runner.getResult().state()).isEqualTo(State.FAILED);
		assertThat(runner.getResult().message()).contains("Invalid contextPath");
	}

	private WarmupRunner runner(Supplier<List<WarmupRequest>> requests) {
		return new WarmupRunner(() -> new LoopbackServer(this.server.uri(), null, false), () -> 0, Duration.ZERO,
				requests, List::of, List::of, new WarmupRequestMarker(), new WarmupTaskResults(), TIMEOUT,
				REQUEST_TIMEOUT, false);
	}

	private static long held(WarmupRunner runner) {
		// Preemptively: a warm-up that holds readiness without bound fails the test
		// instead of hanging it.
		CompletableFuture<Long> held = CompletableFuture.supplyAsync(() -> {
			long start = System.nanoTime();
			runner.run();
			return System.nanoTime() - start;
		});
		try {
			return held.get(30, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new AssertionError("The warm-up still held readiness after 30 s", ex);
		}
	}

	private static void awaitIgnoringInterrupts(CountDownLatch latch) {
		while (latch.getCount() > 0) {
			try {
				latch.await();
			}
			catch (InterruptedException ex) {
				// A thread that never returns does not return when interrupted either.
			}
		}
	}

	/**
	 * How the server stalls its answer, until the test ends.
	 */
	enum Stall {

		/**
		 * No status line, no headers.
		 */
		BEFORE_HEADERS {

			@Override
			void answer(HttpExchange exchange, CountDownLatch release) throws IOException {
				awaitIgnoringInterrupts(release);
				PlainHttpServer.answer(exchange, 200, "late");
			}

		},

		/**
		 * The headers just before the request's timeout, then no byte of the body.
		 */
		LATE_HEADERS_THEN_NO_BODY {

			@Override
			void answer(HttpExchange exchange, CountDownLatch release) throws IOException {
				sleep(REQUEST_TIMEOUT.multipliedBy(3).dividedBy(4));
				exchange.sendResponseHeaders(200, 100);
				exchange.getResponseBody().flush();
				awaitIgnoringInterrupts(release);
			}

		},

		/**
		 * The headers and half of the body, then nothing.
		 */
		MID_BODY {

			@Override
			void answer(HttpExchange exchange, CountDownLatch release) throws IOException {
				exchange.sendResponseHeaders(200, 100);
				OutputStream body = exchange.getResponseBody();
				body.write(new byte[50]);
				body.flush();
				awaitIgnoringInterrupts(release);
			}

		};

		abstract void answer(HttpExchange exchange, CountDownLatch release) throws IOException;

		private static void sleep(Duration duration) {
			try {
				Thread.sleep(duration.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

}
