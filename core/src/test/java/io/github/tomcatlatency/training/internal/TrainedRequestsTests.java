package io.github.tomcatlatency.training.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * Tests for {@link TrainedRequests}: what a training run records, in a real file, and
 * what a production warm-up reads back.
 */
class TrainedRequestsTests {

	@TempDir
	Path directory;

	@Test
	void recordsTheApplicationsGetRequestsAnsweredWithSuccessEveryTimeInTheOrderFirstSent() {
		List<RequestResult> results = List.of(result(Origin.BUILT_IN, "GET", "/tomcat-latency-warmup/text", 200),
				result(Origin.DISCOVERED, "GET", "/owners", 200), result(Origin.CONFIGURED, "GET", "/owners/1", 200),
				result(Origin.DISCOVERED, "GET", "/owners", 200),
				// Failed once of its repetitions: not recorded.
				result(Origin.DISCOVERED, "GET", "/flaky", 200), result(Origin.DISCOVERED, "GET", "/flaky", 500),
				// Answered, but not by the route's success.
				result(Origin.DISCOVERED, "GET", "/moved", 302), result(Origin.DISCOVERED, "GET", "/missing", 404),
				result(Origin.DISCOVERED, "GET", "/unavailable", 503),
				result(Origin.CONFIGURED, "POST", "/owners", 200), result(Origin.DISCOVERED, "GET", "/writes", 200),
				result(Origin.DISCOVERED, "GET", "/vets", 200));
		assertThat(TrainedRequests.select(results, (method, path) -> path.equals("/writes"))).containsExactly("/owners",
				"/owners/1", "/vets");
	}

	@Test
	void readsBackWhatWasWrittenAsGetRequestsOfTheirOwn() throws IOException {
		TrainedRequests.write(this.directory, List.of("/owners", "/owners/find?lastName=%C3%A9"));
		assertThat(this.directory.resolve(TrainedRequests.FILE_NAME)).content().startsWith("# Written by");
		assertThat(TrainedRequests.read(this.directory, 3)).containsExactly(
				new WarmupRequest(Origin.DISCOVERED, "GET", "/owners", Map.of(), null, 3),
				new WarmupRequest(Origin.DISCOVERED, "GET", "/owners/find?lastName=%C3%A9", Map.of(), null, 3));
	}

	@Test
	void noRecordReadsAsNoRequests() throws IOException {
		assertThat(TrainedRequests.read(this.directory, 3)).isEmpty();
	}

	@Test
	void aLineThatIsNoPathFailsTheReadNamingIt() throws IOException {
		Files.writeString(this.directory.resolve(TrainedRequests.FILE_NAME), "/owners\nGET /vets\n",
				StandardCharsets.UTF_8);
		assertThatIOException().isThrownBy(() -> TrainedRequests.read(this.directory, 1))
			.withMessageEndingWith(TrainedRequests.FILE_NAME + ", line 2: not a path below the context path");
		Files.writeString(this.directory.resolve(TrainedRequests.FILE_NAME), "/owners/\u00e9\n",
				StandardCharsets.UTF_8);
		assertThatIOException().isThrownBy(() -> TrainedRequests.read(this.directory, 1))
			.withMessageEndingWith("line 1: not a path below the context path");
	}

	private static RequestResult result(Origin origin, String method, String path, @Nullable Integer status) {
		return new RequestResult(origin, method, path, status, 1.0, null);
	}

}
