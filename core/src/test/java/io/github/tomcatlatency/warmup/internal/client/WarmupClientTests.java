package io.github.tomcatlatency.warmup.internal.client;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.client.PlainHttpServer.Received;
import io.github.tomcatlatency.warmup.internal.client.WarmupClient.Sent;
import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link WarmupClient}: one request to the JDK's own HTTP server, and what its
 * answer makes of it.
 */
class WarmupClientTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final PlainHttpServer server = PlainHttpServer.start();

	private final WarmupClient client = new WarmupClient(new LoopbackServer(this.server.uri(), null, false),
			() -> "the-token");

	@AfterEach
	void close() {
		this.server.close();
	}

	@Test
	void sendsTheMethodPathHeadersAndBodyWithTheTokenAndNoCredentials() {
		this.server.status("/echo", 200);
		Sent sent = this.client.send(new WarmupRequest(Origin.CONFIGURED, "POST", "/echo?q=1",
				Map.of("X-Test", "given", "Content-Type", "text/plain"), "hello", 1), TIMEOUT);
		assertThat(sent.unreachable()).isFalse();
		assertThat(sent.result())
			.extracting(RequestResult::origin, RequestResult::method, RequestResult::path, RequestResult::status,
					RequestResult::error, RequestResult::outcome)
			.containsExactly(Origin.CONFIGURED, "POST", "/echo?q=1", 200, null, Outcome.WARMED);
		assertThat(this.server.received()).singleElement()
			.isEqualTo(new Received("POST", "/echo?q=1", "the-token", "*/*", null, "given", "hello"));
	}

	@ParameterizedTest
	@CsvSource({ "GET", "PATCH" })
	void aBodyThatStallsAfterHeadersThatCameLateEndsAtTheRequestTimeout(String method) throws Exception {
		Duration timeout = Duration.ofSeconds(1);
		CountDownLatch release = new CountDownLatch(1);
		// The headers just before the timeout, then no byte of the body: a read timeout
		// alone would let the request take nearly twice its timeout.
		this.server.route("/late", (exchange) -> {
			try {
				Thread.sleep(timeout.toMillis() * 3 / 4);
				exchange.sendResponseHeaders(200, 100);
				exchange.getResponseBody().flush();
				release.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		try {
			Sent sent = this.client.send(new WarmupRequest(Origin.CONFIGURED, method, "/late", Map.of(), null, 1),
					timeout);
			assertThat(sent.result().error()).startsWith("Timed out after 1000 ms");
			assertThat(sent.result().latencyMs()).isLessThan(timeout.toMillis() * 1.5);
		}
		finally {
			release.countDown();
		}
	}

	@Test
	void sendsAPatchWithItsBody() {
		this.server.status("/patched", 204);
		Sent sent = this.client.send(
				new WarmupRequest(Origin.CONFIGURED, "PATCH", "/patched", Map.of("X-Test", "given"), "{}", 1), TIMEOUT);
		assertThat(sent.result()).extracting(RequestResult::status, RequestResult::outcome)
			.containsExactly(204, Outcome.WARMED);
		assertThat(this.server.received()).singleElement()
			.isEqualTo(new Received("PATCH", "/patched", "the-token", "*/*", null, "given", "{}"));
	}

	@ParameterizedTest
	@CsvSource({ "CONFIGURED, /answer, 200, WARMED", "CONFIGURED, /answer, 503, WARMED",
			"CONFIGURED, /answer, 500, FAILED", "CONFIGURED, /answer, 401, REFUSED",
			"CONFIGURED, /answer, 403, REFUSED", "CONFIGURED, /answer, 404, NOT_WARMED",
			"CONFIGURED, /answer, 302, WARMED", "BUILT_IN, /answer, 302, REFUSED",
			"BUILT_IN, /tomcat-latency-warmup/not-found, 404, WARMED",
			"BUILT_IN, /tomcat-latency-warmup/not-found, 200, WARMED",
			"DISCOVERED, /tomcat-latency-warmup/not-found, 404, NOT_WARMED" })
	void theAnswersStatusDecidesTheOutcome(Origin origin, String path, int status, Outcome outcome) {
		this.server.route("/", (exchange) -> {
			exchange.getResponseHeaders().set("Location", "/elsewhere");
			PlainHttpServer.answer(exchange, status, "answer");
		});
		Sent sent = this.client.send(WarmupRequest.get(origin, path), TIMEOUT);
		assertThat(sent.result()).extracting(RequestResult::status, RequestResult::outcome)
			.containsExactly(status, outcome);
		// A redirect is never followed.
		assertThat(this.server.received()).extracting(Received::uri).containsExactly(path);
	}

	@Test
	void aStartersRouteAnsweredWithoutItsHeaderIsNotWarmed() {
		this.server.status("/tomcat-latency-warmup/text", 200);
		Sent sent = this.client.send(WarmupRequest.get(Origin.BUILT_IN, "/tomcat-latency-warmup/text"), TIMEOUT);
		assertThat(sent.result()).extracting(RequestResult::status, RequestResult::outcome, RequestResult::error)
			.containsExactly(200, Outcome.NOT_WARMED, "answered by something other than the starter's warm-up route "
					+ "(the DispatcherServlet is not mapped where the warm-up sent it)");
	}

	@Test
	void aStartersRouteAnsweredWithItsHeaderIsWarmed() {
		this.server.route("/tomcat-latency-warmup/text", (exchange) -> {
			exchange.getResponseHeaders().set(WarmupRoutes.REACHED_HEADER, "text");
			PlainHttpServer.answer(exchange, 200, "answer");
		});
		Sent sent = this.client.send(WarmupRequest.get(Origin.BUILT_IN, "/tomcat-latency-warmup/text"), TIMEOUT);
		assertThat(sent.result()).extracting(RequestResult::outcome).isEqualTo(Outcome.WARMED);
	}

	@Test
	void anAnswerThatNeverEndsIsAbandonedAtTheTimeoutAndItsConnectionClosed() throws Exception {
		CompletableFuture<Exception> writeFailed = new CompletableFuture<>();
		this.server.route("/stream", (exchange) -> {
			exchange.sendResponseHeaders(200, 0);
			OutputStream out = exchange.getResponseBody();
			try {
				// A byte now and then, which no read timeout catches, for five minutes.
				for (int i = 0; i < 6000; i++) {
					out.write('.');
					out.flush();
					Thread.sleep(50);
				}
			}
			catch (IOException | InterruptedException ex) {
				writeFailed.complete(ex);
			}
		});
		Sent sent = this.client.send(WarmupRequest.get(Origin.CONFIGURED, "/stream"), Duration.ofMillis(500));
		assertThat(sent.unreachable()).isFalse();
		assertThat(sent.result()).extracting(RequestResult::status, RequestResult::outcome, RequestResult::error)
			.containsExactly(null, Outcome.FAILED, "Timed out after 500 ms (tomcat-latency.warmup.request-timeout)");
		assertThat(writeFailed.get(60, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
	}

	@Test
	void aLargeAnswerIsReadUpToItsLimit() {
		long size = WarmupClient.MAX_BODY + 1024 * 1024;
		this.server.route("/large", (exchange) -> {
			exchange.sendResponseHeaders(200, size);
			byte[] chunk = new byte[64 * 1024];
			try (OutputStream out = exchange.getResponseBody()) {
				for (long written = 0; written < size; written += chunk.length) {
					out.write(chunk);
				}
			}
			catch (IOException ex) {
				// The client went once it had read enough.
			}
		});
		Sent sent = this.client.send(WarmupRequest.get(Origin.CONFIGURED, "/large"), TIMEOUT);
		assertThat(sent.result()).extracting(RequestResult::status, RequestResult::outcome)
			.containsExactly(200, Outcome.WARMED);
	}

	@Test
	void aServerThatDoesNotListenIsUnreachable() {
		WarmupClient client = new WarmupClient(
				new LoopbackServer(URI.create("http://127.0.0.1:" + PlainHttpServer.freePort()), null, false),
				() -> "the-token");
		for (String method : new String[] { "GET", "PATCH" }) {
			Sent sent = client.send(new WarmupRequest(Origin.CONFIGURED, method, "/", Map.of(), null, 1), TIMEOUT);
			assertThat(sent.unreachable()).isTrue();
			assertThat(sent.result()).extracting(RequestResult::status, RequestResult::outcome)
				.containsExactly(null, Outcome.FAILED);
			assertThat(sent.result().error()).startsWith("ConnectException");
		}
	}

}
