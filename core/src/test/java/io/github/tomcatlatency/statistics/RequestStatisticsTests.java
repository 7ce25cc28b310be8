package io.github.tomcatlatency.statistics;

import java.time.Duration;
import java.util.List;

import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.Route;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RequestStatistics}.
 */
class RequestStatisticsTests {

	private static final Route BOOKS = new Route("/books", 0);

	private final RequestStatistics statistics = new RequestStatistics(10, 1 << 20, 5, Duration.ofSeconds(30));

	@AfterEach
	void closeStatistics() {
		this.statistics.close();
	}

	@Test
	void methodsOfOneRouteAreKeptApart() {
		this.statistics.record(BOOKS, "GET", 200, request(1_000, 1_000_000, 5));
		this.statistics.record(BOOKS, "POST", 201, request(2_000, 3_000_000, 5));
		this.statistics.record(BOOKS, "POST", 201, request(3_000, 3_000_000, 5));
		List<RouteSnapshot> routes = this.statistics.snapshot().routes();
		assertThat(routes).extracting(RouteSnapshot::method).containsExactlyInAnyOrder("GET", "POST");
		assertThat(routes).allSatisfy((route) -> assertThat(route.route()).isEqualTo("/books"));
		assertThat(routes).filteredOn((route) -> route.method().equals("POST"))
			.singleElement()
			.satisfies((route) -> assertThat(route.requests()).isEqualTo(2));
	}

	@Test
	void firstRequestIsTheFirstToArriveNotTheFirstToComplete() {
		// The cold request arrived first but completed after a later, warm one.
		this.statistics.record(BOOKS, "GET", 200, request(2_000, 1_000_000, CompletedRequest.NOT_MEASURED));
		this.statistics.record(BOOKS, "GET", 200, request(1_000, 90_000_000, 700));
		this.statistics.record(BOOKS, "GET", 200, request(3_000, 1_000_000, CompletedRequest.NOT_MEASURED));
		FirstRequest first = this.statistics.snapshot().routes().get(0).first();
		assertThat(first).isNotNull();
		assertThat(first.startNanos()).isEqualTo(1_000);
		assertThat(first.split().totalNanos()).isEqualTo(90_000_000);
		assertThat(first.classesLoaded()).isEqualTo(700);
	}

	@Test
	void resetStartsProbingForANewWindow() {
		assertThat(this.statistics.probing()).isFalse();
		this.statistics.reset();
		assertThat(this.statistics.probing()).isTrue();
		assertThat(this.statistics.snapshot().since()).isNotNull();
		this.statistics.record(BOOKS, "GET", 200, request(1_000, 1_000_000, 5));
		// A new route within the window keeps it probing.
		assertThat(this.statistics.probing()).isTrue();
	}

	@Test
	void probingStopsAfterManyRequestsWithoutANewRoute() {
		this.statistics.reset();
		this.statistics.record(BOOKS, "GET", 200, request(1_000, 1_000_000, 5));
		for (long i = 1; i < RequestStatistics.PROBE_REQUESTS; i++) {
			this.statistics.record(BOOKS, "GET", 200, request(1_000 + i, 1_000_000, 0));
		}
		assertThat(this.statistics.probing()).isTrue();
		// A new method counts as a new route: the count starts again.
		this.statistics.record(BOOKS, "POST", 201, request(20_000, 1_000_000, 5));
		for (long i = 1; i < RequestStatistics.PROBE_REQUESTS; i++) {
			this.statistics.record(BOOKS, "POST", 201, request(20_000 + i, 1_000_000, 0));
		}
		assertThat(this.statistics.probing()).isTrue();
		this.statistics.record(BOOKS, "GET", 200, request(40_000, 1_000_000, 0));
		assertThat(this.statistics.probing()).isFalse();
	}

	private static CompletedRequest request(long startNanos, long mvcNanos, long classesLoaded) {
		return new MeasuredRequest(startNanos, mvcNanos, classesLoaded);
	}

}
