package io.github.tomcatlatency.report;

import java.time.Instant;
import java.util.List;

import io.github.tomcatlatency.report.TomcatLatencyReport.ColdCause;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRequest;
import io.github.tomcatlatency.report.TomcatLatencyReport.ColdRouteRemedy;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ColdRouteRemedies}.
 */
class ColdRouteRemediesTests {

	@Test
	void noRemedyWhenNoRouteWasCold() {
		assertThat(ColdRouteRemedies.remedy(List.of(route("GET", "/hello", 1.9)), null)).isNull();
	}

	@Test
	void applicationYmlWarmsEachColdRouteWithTheMethodAndPathSeen() {
		ColdRouteRemedy remedy = ColdRouteRemedies
			.remedy(List.of(route("GET", "/books", 30), route("GET", "/books/{id}", 12), route("POST", "/items", 4),
					route("GET", "/fast", 1.2), route("GET", "NOT_FOUND", 8)), null);
		assertThat(remedy).isNotNull();
		assertThat(remedy.routes()).containsExactly("GET /books", "GET /books/{id}", "POST /items");
		assertThat(remedy.applicationYml()).isEqualTo("""
				tomcat-latency:
				  warmup:
				    requests:
				      - path: /books
				      - path: /books/{id}  # replace the variables with values that exist
				      - path: /items
				        method: POST  # and the body and headers it needs
				""");
		assertThat(remedy.discoverableRoutes()).containsExactly("/books");
	}

	@Test
	void noDiscoverableRouteWhenDiscoveryIsAlreadyOn() {
		WarmupResult discovering = new WarmupResult(State.COMPLETED, Instant.now(), Instant.now(), 1, 1, 0, null,
				List.of(new RequestResult(Origin.DISCOVERED, "GET", "/books", 200, 1, null)), List.of());
		ColdRouteRemedy remedy = ColdRouteRemedies.remedy(List.of(route("GET", "/books", 3)), discovering);
		assertThat(remedy).isNotNull();
		assertThat(remedy.discoverableRoutes()).isEmpty();
	}

	@Test
	void eachColdRouteGetsTheOneSettingThatWouldHaveWarmedIt() {
		assertThat(ColdRouteRemedies.remedy("/books", "GET", WarmupReach.NOT_SENT, false))
			.isEqualTo("tomcat-latency.warmup.discover-routes=true");
		assertThat(ColdRouteRemedies.remedy("/books", "GET", WarmupReach.NOT_SENT, true))
			.startsWith("a configured warm-up request to GET /books");
		assertThat(ColdRouteRemedies.remedy("/books/{id}", "GET", WarmupReach.NOT_SENT, false))
			.startsWith("a configured warm-up request to GET /books/{id}");
		assertThat(ColdRouteRemedies.remedy("/items", "POST", WarmupReach.OFF, false))
			.startsWith("tomcat-latency.warmup.enabled=true with a configured warm-up request to POST /items");
		assertThat(ColdRouteRemedies.remedy("/admin", "GET", WarmupReach.REFUSED, true))
			.startsWith("headers.Authorization");
		assertThat(ColdRouteRemedies.remedy("/books", "GET", WarmupReach.REACHED, true))
			.startsWith("tomcat-latency.warmup.training=true");
	}

	private static ColdRequest route(String method, String route, double ratio) {
		Split first = new Split(Instant.now(), ratio, 0, 0, ratio, null);
		return new ColdRequest(route, method, 10, first, 1, Math.max(0, ratio - 1), ratio,
				new ColdCause(null, null, null, WarmupReach.NOT_SENT, null));
	}

}
