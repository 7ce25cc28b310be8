package io.github.tomcatlatency.warmup.internal;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link WarmupLog}.
 */
class WarmupLogTests {

	@Test
	void routesLeftOutAreCountedAndTheFirstNamed() {
		assertThat(WarmupLog.leftOut(List.of())).isEmpty();
		assertThat(WarmupLog.leftOut(List.of("GET /internal: lets it through from 127.0.0.1 only")))
			.isEqualTo("; 1 route not sent (GET /internal: lets it through from 127.0.0.1 only)");
		assertThat(WarmupLog.leftOut(List.of("GET /a: why", "GET /b: why")))
			.isEqualTo("; 2 routes not sent (GET /a: why; the others at DEBUG)");
	}

	@Test
	void aReasonOfSeveralLinesKeepsTheLineOne() {
		assertThat(WarmupLog.leftOut(List.of("GET /api/hello: cannot decide (IllegalArgumentException: This method "
				+ "cannot decide.\n\nTo address this, please ...)")))
			.isEqualTo("; 1 route not sent (GET /api/hello: cannot decide (IllegalArgumentException: This method "
					+ "cannot decide. ...)")
			.doesNotContain("\n");
	}

	@Test
	void aReasonOfOneLineIsKeptWhole() {
		assertThat(WarmupLog.oneLine("Timed out after 5000 ms (tomcat-latency.warmup.request-timeout)"))
			.isEqualTo("Timed out after 5000 ms (tomcat-latency.warmup.request-timeout)");
		assertThat(WarmupLog.oneLine("IOException: first\nsecond")).isEqualTo("IOException: first ...");
	}

}
