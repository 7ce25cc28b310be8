package io.github.tomcatlatency.phase;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link Routes}.
 */
@ExtendWith(OutputCaptureExtension.class)
class RoutesTests {

	@ParameterizedTest
	@CsvSource(nullValues = "null", value = { "/things/{id}, 200, /things/{id}", "'', 200, root",
			"null, 302, REDIRECTION", "null, 404, NOT_FOUND", "null, 500, UNKNOWN", "null, 200, UNKNOWN" })
	void uriFollowsHttpServerRequests(String pattern, int status, String uri) {
		assertThat(new Routes(10).resolve(pattern, status).uri()).isEqualTo(uri);
	}

	@Test
	void sameUriIsTheSameRoute() {
		Routes routes = new Routes(10);
		Route first = routes.resolve("/a", 200);
		assertThat(routes.resolve("/a", 500)).isSameAs(first);
		assertThat(routes.resolve("/b", 200).index()).isEqualTo(first.index() + 1);
	}

	@Test
	void routesPastTheBoundAreNotRecordedAndWarnedOnce(CapturedOutput output) {
		Routes routes = new Routes(2);
		assertThat(routes.resolve("/a", 200)).isNotNull();
		assertThat(routes.resolve("/b", 200)).isNotNull();
		assertThat(routes.resolve("/c", 200)).isNull();
		assertThat(routes.resolve("/d", 200)).isNull();
		assertThat(routes.resolve("/a", 200).index()).isZero();
		assertThat(output).containsOnlyOnce("Reached the maximum number of routes (2)");
	}

}
