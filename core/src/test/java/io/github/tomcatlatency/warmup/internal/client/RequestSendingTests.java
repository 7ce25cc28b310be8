package io.github.tomcatlatency.warmup.internal.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Tests for {@link RequestSending}: requests to the JDK's own HTTP server, on one lane or
 * two, until the sending ends.
 */
class RequestSendingTests {

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

	private final PlainHttpServer server = PlainHttpServer.start();

	private final List<RequestResult> told = new CopyOnWriteArrayList<>();

	@AfterEach
	void close() {
		this.server.close();
	}

	@Test
	void sendsEachRequestAsOftenAsItAsksInOrderAndAFailedOneOnlyOnce() {
		this.server.status("/ok", 200).status("/fail", 500);
		RequestSending sending = sending(this.server.uri(), minutesFromNow(), null, () -> false);
		sending.sendAll(List.of(request("/ok", 2), request("/fail", 3), request("/ok", 1)), 1);
		assertThat(sending.results()).extracting(RequestResult::path, RequestResult::status)
			.containsExactly(tuple("/ok", 200), tuple("/ok", 200), tuple("/fail", 500), tuple("/ok", 200));
		assertThat(this.server.received()).extracting(PlainHttpServer.Received::uri)
			.containsExactly("/ok", "/ok", "/fail", "/ok");
		assertThat(this.told).containsExactlyElementsOf(sending.results());
		assertThat(sending.unsent()).isEmpty();
		assertThat(sending.unreachable()).isNull();
		assertThat(sending.timedOut()).isFalse();
	}

	@Test
	void twoLanesSendTwoRequestsAtOnceAndKeepTheResultsInOrder() {
		// Each request waits for the other: one lane would never get past the first.
		CountDownLatch both = new CountDownLatch(2);
		this.server.route("/together", (exchange) -> {
			both.countDown();
			try {
				PlainHttpServer.answer(exchange, both.await(30, TimeUnit.SECONDS) ? 200 : 500, "answer");
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		this.server.status("/after", 200);
		RequestSending sending = sending(this.server.uri(), minutesFromNow(), null, () -> false);
		sending.sendAll(List.of(request("/together", 2), request("/after", 1)), 2);
		assertThat(sending.results()).extracting(RequestResult::path, RequestResult::status)
			.containsExactly(tuple("/together", 200), tuple("/together", 200), tuple("/after", 200));
	}

	@Test
	void nothingIsSentPastTheDeadline() {
		this.server.status("/ok", 200);
		RequestSending sending = sending(this.server.uri(), System.nanoTime() - 1, null, () -> false);
		sending.sendAll(List.of(request("/ok", 2), request("/other", 1)), 1);
		assertThat(sending.timedOut()).isTrue();
		assertThat(sending.results()).isEmpty();
		assertThat(sending.unsent()).extracting(WarmupRequest::path).containsExactly("/ok", "/ok", "/other");
		assertThat(this.server.received()).isEmpty();
	}

	@Test
	void aServerThatCannotBeReachedEndsTheSending() {
		RequestSending sending = sending(URI.create("http://127.0.0.1:" + PlainHttpServer.freePort()), minutesFromNow(),
				null, () -> false);
		sending.sendAll(List.of(request("/first", 1), request("/second", 1)), 1);
		assertThat(sending.unreachable()).startsWith("ConnectException");
		assertThat(sending.results()).extracting(RequestResult::path).containsExactly("/first");
		assertThat(sending.unsent()).extracting(WarmupRequest::path).containsExactly("/second");
	}

	@Test
	void cancellingStopsBeforeTheNextRequest() {
		AtomicBoolean cancelled = new AtomicBoolean();
		this.server.route("/cancels", (exchange) -> {
			cancelled.set(true);
			PlainHttpServer.answer(exchange, 200, "answer");
		});
		RequestSending sending = sending(this.server.uri(), minutesFromNow(), null, cancelled::get);
		sending.sendAll(List.of(request("/cancels", 1), request("/next", 1)), 1);
		assertThat(sending.results()).extracting(RequestResult::path).containsExactly("/cancels");
		assertThat(sending.unsent()).extracting(WarmupRequest::path).containsExactly("/next");
		assertThat(sending.unreachable()).isNull();
		assertThat(sending.timedOut()).isFalse();
	}

	@Test
	void abandonedSendingIsOutOfTimeEvenWhenItsThreadIsInterruptedWaitingForItsLanes() throws Exception {
		CountDownLatch received = new CountDownLatch(2);
		CountDownLatch answer = new CountDownLatch(1);
		this.server.route("/held", (exchange) -> {
			received.countDown();
			try {
				answer.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			PlainHttpServer.answer(exchange, 200, "answer");
		});
		RequestSending sending = sending(this.server.uri(), minutesFromNow(), null, () -> false);
		Thread sender = new Thread(() -> sending.sendAll(List.of(request("/held", 2)), 2));
		sender.start();
		assertThat(received.await(30, TimeUnit.SECONDS)).isTrue();
		// As a warm-up past its timeout is abandoned: the sending first, then its thread,
		// which then waits for the other lane with its interrupt still set.
		sending.abandon();
		sender.interrupt();
		answer.countDown();
		sender.join(TimeUnit.SECONDS.toMillis(30));
		assertThat(sender.isAlive()).isFalse();
		assertThat(sending.timedOut()).isTrue();
		assertThat(sending.unreachable()).isNull();
	}

	@Test
	void eachRequestWaitsForAPauseInTheServersActivity() {
		AtomicLong activity = new AtomicLong();
		AtomicInteger busyReads = new AtomicInteger(3);
		this.server.status("/ok", 200);
		// Busy for the first reads, then still.
		TrafficPause pause = new TrafficPause(
				() -> (busyReads.getAndDecrement() > 0) ? activity.incrementAndGet() : activity.get(),
				Duration.ofMillis(100));
		RequestSending sending = sending(this.server.uri(), minutesFromNow(), pause, () -> false);
		sending.sendAll(List.of(request("/ok", 1)), 1);
		assertThat(busyReads.get()).isNegative();
		assertThat(sending.results()).extracting(RequestResult::status).containsExactly(200);
		assertThat(sending.noPause()).isFalse();
	}

	@Test
	void noPauseBeforeTheDeadlineLeavesTheRequestsUnsentWithoutFailingThem() {
		AtomicLong activity = new AtomicLong();
		TrafficPause neverStill = new TrafficPause(activity::incrementAndGet, Duration.ofSeconds(2));
		RequestSending sending = sending(this.server.uri(), System.nanoTime() + Duration.ofMillis(300).toNanos(),
				neverStill, () -> false);
		sending.sendAll(List.of(request("/ok", 1), request("/other", 1)), 1);
		assertThat(sending.noPause()).isTrue();
		assertThat(sending.timedOut()).isFalse();
		assertThat(sending.results()).isEmpty();
		assertThat(sending.unsent()).extracting(WarmupRequest::path).containsExactly("/ok", "/other");
		assertThat(this.server.received()).isEmpty();
	}

	private RequestSending sending(URI server, long deadline, @Nullable TrafficPause pause, BooleanSupplier cancelled) {
		return new RequestSending(new WarmupClient(new LoopbackServer(server, null, false), () -> "the-token"),
				REQUEST_TIMEOUT, deadline, pause, cancelled, this.told::add);
	}

	private static WarmupRequest request(String path, int repetitions) {
		return new WarmupRequest(Origin.CONFIGURED, "GET", path, Map.of(), null, repetitions);
	}

	private static long minutesFromNow() {
		return System.nanoTime() + Duration.ofMinutes(5).toNanos();
	}

}
