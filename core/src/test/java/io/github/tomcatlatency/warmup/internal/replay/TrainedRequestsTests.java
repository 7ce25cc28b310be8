package io.github.tomcatlatency.warmup.internal.replay;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

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
				new WarmupRequest(Origin.REPLAYED, "GET", "/owners", Map.of(), null, 3),
				new WarmupRequest(Origin.REPLAYED, "GET", "/owners/find?lastName=%C3%A9", Map.of(), null, 3));
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
			.withMessageContaining(TrainedRequests.FILE_NAME + ", line 2: not a path below the context path");
		Files.writeString(this.directory.resolve(TrainedRequests.FILE_NAME), "/owners/\u00e9\n",
				StandardCharsets.UTF_8);
		assertThatIOException().isThrownBy(() -> TrainedRequests.read(this.directory, 1))
			.withMessageContaining("line 1: not a path below the context path");
	}

	@Test
	void recordsNothingThatAReadWouldRefuseAndAtMostTheFirstThousand() {
		List<RequestResult> results = new ArrayList<>();
		results.add(result(Origin.CONFIGURED, "GET", "/docs/../admin", 200));
		results.add(result(Origin.CONFIGURED, "GET", "/search?q=a b", 200));
		for (int i = 0; i < 1_005; i++) {
			results.add(result(Origin.DISCOVERED, "GET", "/route" + i, 200));
		}
		assertThat(TrainedRequests.select(results, (method, path) -> false)).hasSize(1_000)
			.startsWith("/route0")
			.endsWith("/route999");
	}

	@Test
	void aPathThatWouldLeaveTheContextPathFailsTheRead() throws IOException {
		for (String path : List.of("/../manager/html", "/docs/%2e%2e/admin", "/docs/..;x=1/admin", "/a/%2E/b",
				"/a/..%2fb/..%2F..", "/a%5c..%5cb", "/..")) {
			Files.writeString(this.directory.resolve(TrainedRequests.FILE_NAME), "/owners\n" + path + "\n",
					StandardCharsets.UTF_8);
			assertThatIOException().as(path)
				.isThrownBy(() -> TrainedRequests.read(this.directory, 1))
				.withMessageEndingWith("line 2: a '.' or '..' segment, which could leave the context path");
		}
	}

	@Test
	void aQueryStringIsReadOnlyAfterAPathAndWellFormed() throws IOException {
		Files.writeString(this.directory.resolve(TrainedRequests.FILE_NAME), "/owners?lastName=a%20b&page=1/2?x\n",
				StandardCharsets.UTF_8);
		assertThat(TrainedRequests.read(this.directory, 1)).extracting(WarmupRequest::path)
			.containsExactly("/owners?lastName=a%20b&page=1/2?x");
		for (String line : List.of("?lastName=x", "/owners?q=a b", "/owners?q=%zz", "/owners?q=x#fragment",
				"/owners?q=\"x\"")) {
			Files.writeString(this.directory.resolve(TrainedRequests.FILE_NAME), line + "\n", StandardCharsets.UTF_8);
			assertThatIOException().as(line)
				.isThrownBy(() -> TrainedRequests.read(this.directory, 1))
				.withMessageContaining("line 1: not a path below the context path");
		}
	}

	@Test
	void tenThousandLinesFailTheReadNamingTheBound() throws IOException {
		StringBuilder lines = new StringBuilder();
		for (int i = 0; i < 10_000; i++) {
			lines.append("/route").append(i).append('\n');
		}
		Files.writeString(this.directory.resolve(TrainedRequests.FILE_NAME), lines, StandardCharsets.UTF_8);
		assertThatIOException().isThrownBy(() -> TrainedRequests.read(this.directory, 1))
			.withMessageEndingWith(": more than 1000 requests, more than a training records");
	}

	@Test
	void aLargeOrBinaryFileFailsTheReadWithoutReadingItAll() throws IOException {
		Path file = this.directory.resolve(TrainedRequests.FILE_NAME);
		byte[] binary = new byte[4096];
		new Random(65).nextBytes(binary);
		binary[0] = (byte) 0xC3;
		binary[1] = (byte) 0x28;
		Files.write(file, binary);
		assertThatIOException().isThrownBy(() -> TrainedRequests.read(this.directory, 1))
			.withMessageEndingWith(": not text (UTF-8), as a training writes it");
		Files.write(file, new byte[] { '/', 'a', 0, 1, 2, '\n' });
		assertThatIOException().isThrownBy(() -> TrainedRequests.read(this.directory, 1))
			.withMessageContaining("line 1: not a path below the context path");
		try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
			sparse.setLength(4L * 1024 * 1024 * 1024);
		}
		assertThatIOException().isThrownBy(() -> TrainedRequests.read(this.directory, 1))
			.withMessageMatching(".*: larger than \\d+ bytes, more than a training writes");
	}

	private static RequestResult result(Origin origin, String method, String path, @Nullable Integer status) {
		return new RequestResult(origin, method, path, status, 1.0, null);
	}

}
