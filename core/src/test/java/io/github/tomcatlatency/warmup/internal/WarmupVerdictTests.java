package io.github.tomcatlatency.warmup.internal;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.client.LoopbackServer;
import io.github.tomcatlatency.warmup.internal.client.PlainHttpServer;
import io.github.tomcatlatency.warmup.internal.client.RequestSending;
import io.github.tomcatlatency.warmup.internal.client.WarmupClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link WarmupVerdict}: the state and message of a warm-up whose requests went
 * to the JDK's own HTTP server.
 */
class WarmupVerdictTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final PlainHttpServer server = PlainHttpServer.start()
		.status("/ok", 200)
		.status("/missing", 404)
		.status("/secured", 401)
		.status("/fail", 500);

	@AfterEach
	void close() {
		this.server.close();
	}

	@Test
	void everyRouteWarmedIsCompleted() {
		WarmupResult result = verdict(this.server.uri(), minutesFromNow(), "/ok", "/ok");
		assertThat(result.state()).isEqualTo(State.COMPLETED);
		assertThat(result.message()).isNull();
		assertThat(result.requests()).hasSize(2);
		assertThat(result.readinessHeldMs()).isEqualTo(12.5);
		assertThat(result.startedAt()).isEqualTo(Instant.EPOCH);
	}

	@Test
	void routesNotWarmedWithoutAFailureAreIncomplete() {
		WarmupResult result = verdict(this.server.uri(), minutesFromNow(), "/ok", "/missing", "/secured", "/missing");
		assertThat(result.state()).isEqualTo(State.INCOMPLETE);
		assertThat(result.message())
			.isEqualTo("3 of 4 requests did not warm their route (GET /missing: status 404; GET /secured: status 401)");
	}

	@Test
	void aFailureBeforeTheDeadlineIsFailed() {
		WarmupResult result = verdict(this.server.uri(), minutesFromNow(), "/fail", "/ok", "/missing");
		assertThat(result.state()).isEqualTo(State.FAILED);
		assertThat(result.message())
			.isEqualTo("1 of 3 requests failed (GET /fail: status 500; GET /missing: status 404)");
	}

	@Test
	void aSendingThatRanOutOfTimeIsTimedOut() {
		WarmupResult result = verdict(this.server.uri(), System.nanoTime() - 1, "/ok");
		assertThat(result.state()).isEqualTo(State.TIMED_OUT);
		assertThat(result.message())
			.isEqualTo("Not every request was sent within 30000 ms (tomcat-latency.warmup.timeout)");
	}

	@Test
	void aServerThatCannotBeReachedIsFailedNamingIt() {
		URI nowhere = URI.create("http://127.0.0.1:" + PlainHttpServer.freePort());
		WarmupResult result = verdict(nowhere, minutesFromNow(), "/ok");
		assertThat(result.state()).isEqualTo(State.FAILED);
		assertThat(result.message()).startsWith("Cannot reach " + nowhere + ": ConnectException");
	}

	@Test
	void requestsNotSentSayWhy() {
		List<RequestResult> notSent = WarmupVerdict.notSent(List.of(WarmupRequest.get(Origin.BUILT_IN, "/ok")),
				"no pause");
		assertThat(notSent).singleElement()
			.extracting(RequestResult::path, RequestResult::status, RequestResult::error, RequestResult::outcome)
			.containsExactly("/ok", null, "not sent: no pause", Outcome.NOT_SENT);
	}

	private static WarmupResult verdict(URI server, long deadline, String... paths) {
		RequestSending sending = new RequestSending(
				new WarmupClient(new LoopbackServer(server, null, false), () -> "the-token"), Duration.ofSeconds(30),
				deadline, null, () -> false, (result) -> {
				});
		sending.sendAll(List.of(paths).stream().map((path) -> WarmupRequest.get(Origin.CONFIGURED, path)).toList(), 1);
		return WarmupVerdict.of(server, Instant.EPOCH, 12.5, TIMEOUT, sending.results(), sending);
	}

	private static long minutesFromNow() {
		return System.nanoTime() + Duration.ofMinutes(5).toNanos();
	}

}
