package io.github.tomcatlatency.report;

import java.time.Instant;
import java.util.List;

import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link WarmupReach}: the join of a route with the warm-up's requests.
 */
class WarmupReachTests {

	@Test
	void offWithoutAWarmupThatRan() {
		assertThat(WarmupReach.of("/books", "GET", null)).isEqualTo(WarmupReach.OFF);
		assertThat(WarmupReach.of("/books", "GET",
				new WarmupResult(State.SKIPPED, Instant.now(), Instant.now(), 0, 0, 0, "off", List.of(), List.of())))
			.isEqualTo(WarmupReach.OFF);
	}

	@Test
	void matchesConcretePathsAgainstThePatternAndTheMethod() {
		WarmupResult warmup = warmup(request("GET", "/books/42?lang=en", 200), request("POST", "/items", 201));
		assertThat(WarmupReach.of("/books/{id}", "GET", warmup)).isEqualTo(WarmupReach.REACHED);
		assertThat(WarmupReach.of("/books/{id}", "POST", warmup)).isEqualTo(WarmupReach.NOT_SENT);
		assertThat(WarmupReach.of("/items", "POST", warmup)).isEqualTo(WarmupReach.REACHED);
		assertThat(WarmupReach.of("/books", "GET", warmup)).isEqualTo(WarmupReach.NOT_SENT);
		assertThat(WarmupReach.of("NOT_FOUND", "GET", warmup)).isEqualTo(WarmupReach.NOT_SENT);
	}

	@Test
	void unauthorizedAndForbiddenAreRefusedAndAnAnswerWinsOverThem() {
		assertThat(WarmupReach.of("/admin", "GET", warmup(request("GET", "/admin", 401))))
			.isEqualTo(WarmupReach.REFUSED);
		assertThat(WarmupReach.of("/admin", "GET", warmup(request("GET", "/admin", 403))))
			.isEqualTo(WarmupReach.REFUSED);
		assertThat(
				WarmupReach.of("/admin", "GET", warmup(request("GET", "/admin", 403), request("GET", "/admin", 200))))
			.isEqualTo(WarmupReach.REACHED);
	}

	@Test
	void otherClientErrorsDidNotWarm() {
		assertThat(WarmupReach.of("/items", "POST", warmup(request("POST", "/items", 400))))
			.isEqualTo(WarmupReach.NOT_WARMED);
		assertThat(WarmupReach.of("/items", "POST",
				warmup(request("POST", "/items", 400), request("POST", "/items", 403))))
			.isEqualTo(WarmupReach.REFUSED);
	}

	@Test
	void serverErrorsAndNoAnswerFailed() {
		assertThat(WarmupReach.of("/slow", "GET", warmup(request("GET", "/slow", 500)))).isEqualTo(WarmupReach.FAILED);
		assertThat(WarmupReach.of("/slow", "GET", warmup(request("GET", "/slow", null)))).isEqualTo(WarmupReach.FAILED);
	}

	private static WarmupResult warmup(RequestResult... requests) {
		return new WarmupResult(State.COMPLETED, Instant.now(), Instant.now(), 1, 0, 0, null, List.of(requests),
				List.of());
	}

	private static RequestResult request(String method, String path, Integer status) {
		return new RequestResult(Origin.CONFIGURED, method, path, status, 1, null);
	}

}
