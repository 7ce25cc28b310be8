package io.github.tomcatlatency.phase.internal;

import java.util.List;

import io.github.tomcatlatency.autoconfigure.BootLine;
import org.apache.catalina.connector.Request;
import org.apache.tomcat.util.buf.MessageBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RequestClassifier}.
 */
class RequestClassifierTests {

	private static final String WARMUP_HEADER = "X-Warmup";

	private final RequestClassifier classifier = new RequestClassifier(() -> List.of("/actuator"),
			(request) -> request.getMimeHeaders().getHeader(WARMUP_HEADER) != null);

	@Test
	void requestsBeforeReadinessOnlyPrepare() {
		assertThat(this.classifier.classify(request("/things", null, false))).isEqualTo(RequestCounting.PREPARED);
		this.classifier.ready();
		assertThat(this.classifier.classify(request("/things", null, false))).isEqualTo(RequestCounting.RECORDED);
	}

	@Test
	void warmupRequestsOnlyPrepareOnceReady() {
		this.classifier.ready();
		assertThat(this.classifier.classify(request("/things", null, true))).isEqualTo(RequestCounting.PREPARED);
	}

	@Test
	void requestsToDroppedPathsAreDroppedBeforeAndAfterReadiness() {
		assertThat(this.classifier.classify(request("/actuator/health", null, true)))
			.isEqualTo(RequestCounting.DROPPED);
		this.classifier.ready();
		assertThat(this.classifier.classify(request("/actuator", null, false))).isEqualTo(RequestCounting.DROPPED);
		assertThat(this.classifier.classify(request("/actuatorial", null, false))).isEqualTo(RequestCounting.RECORDED);
	}

	@Test
	void pathUnderAPrefixMappingIsThePathInfo() {
		this.classifier.ready();
		assertThat(this.classifier.classify(request("/api", "/actuator/health", false)))
			.isEqualTo(RequestCounting.DROPPED);
		assertThat(this.classifier.classify(request("/actuator", "/things", false)))
			.isEqualTo(RequestCounting.RECORDED);
	}

	@ParameterizedTest
	@CsvSource({ "/actuator, true", "/actuator/, true", "/actuator/health/liveness, true", "/actuators, false",
			"/actuato, false", "/, false", "/x/actuator, false" })
	void comparesPathsInPlace(String path, boolean atOrBelow) {
		MessageBytes chars = MessageBytes.newInstance();
		char[] buffer = ("//" + path + "?").toCharArray();
		chars.setChars(buffer, 2, path.length());
		assertThat(RequestClassifier.isAtOrBelow(chars, "/actuator")).isEqualTo(atOrBelow);
		MessageBytes string = MessageBytes.newInstance();
		string.setString(path);
		assertThat(RequestClassifier.isAtOrBelow(string, "/actuator")).isEqualTo(atOrBelow);
	}

	private static Request request(String servletPath, String pathInfo, boolean warmup) {
		org.apache.coyote.Request coyoteRequest = new org.apache.coyote.Request();
		if (warmup) {
			coyoteRequest.getMimeHeaders().addValue(WARMUP_HEADER).setString("token");
		}
		Request request = BootLine.request(coyoteRequest);
		char[] chars = servletPath.toCharArray();
		request.getMappingData().wrapperPath.setChars(chars, 0, chars.length);
		if (pathInfo != null) {
			request.getMappingData().pathInfo.setString(pathInfo);
		}
		return request;
	}

}
