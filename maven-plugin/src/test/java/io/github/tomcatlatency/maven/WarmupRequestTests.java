package io.github.tomcatlatency.maven;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link WarmupRequest}.
 */
class WarmupRequestTests {

	@Test
	void becomesOneEntryOfTheStartersRequests() {
		WarmupRequest request = new WarmupRequest();
		ReflectionTestUtils.setField(request, "method", "POST");
		ReflectionTestUtils.setField(request, "path", "/reviews?draft=true");
		ReflectionTestUtils.setField(request, "headers", Map.of("Content-Type", "application/json"));
		ReflectionTestUtils.setField(request, "body", "{\"rating\":5}");
		ReflectionTestUtils.setField(request, "repetitions", 2);
		assertThat(request.properties(1)).containsExactly(Map.entry("tomcat-latency.warmup.requests[1].method", "POST"),
				Map.entry("tomcat-latency.warmup.requests[1].path", "/reviews?draft=true"),
				Map.entry("tomcat-latency.warmup.requests[1].headers[Content-Type]", "application/json"),
				Map.entry("tomcat-latency.warmup.requests[1].body", "{\"rating\":5}"),
				Map.entry("tomcat-latency.warmup.requests[1].repetitions", "2"));
	}

	@Test
	void defaultsToOneGetOfTheRoot() {
		assertThat(new WarmupRequest().properties(0)).containsExactly(
				Map.entry("tomcat-latency.warmup.requests[0].method", "GET"),
				Map.entry("tomcat-latency.warmup.requests[0].path", "/"),
				Map.entry("tomcat-latency.warmup.requests[0].repetitions", "1"));
	}

}
