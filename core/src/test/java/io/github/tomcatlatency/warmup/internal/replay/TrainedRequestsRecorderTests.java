package io.github.tomcatlatency.warmup.internal.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TrainedRequestsRecorder}: what a training run records in a real file.
 */
class TrainedRequestsRecorderTests {

	@TempDir
	Path directory;

	@Test
	void aTransactionManagerThatCannotBeWatchedLeavesEveryRequestOutReplacingTheLastRecord() throws IOException {
		TrainedRequests.write(this.directory, List.of("/owners"));
		WriteTransactions writes = new WriteTransactions();
		writes.unobserved("'chained' (ChainedTransactionManager), which takes no listener");
		TrainedRequestsRecorder recorder = new TrainedRequestsRecorder(Set.of(), writes, () -> this.directory);
		assertThat(recorder.record(result("/owners", "/vets"))).isZero();
		assertThat(TrainedRequests.read(this.directory, 1)).isEmpty();
	}

	@Test
	void recordsTheRequestsNeitherWithHeadersOfTheirOwnNorWriting() throws IOException {
		TrainedRequestsRecorder recorder = new TrainedRequestsRecorder(Set.of("/account"), new WriteTransactions(),
				() -> this.directory);
		assertThat(recorder.record(result("/owners", "/account"))).isOne();
		assertThat(TrainedRequests.read(this.directory, 1)).singleElement()
			.satisfies((request) -> assertThat(request.path()).isEqualTo("/owners"));
	}

	private static WarmupResult result(String... paths) {
		List<RequestResult> requests = List.of(paths)
			.stream()
			.map((path) -> new RequestResult(Origin.DISCOVERED, "GET", path, 200, 1.0, null))
			.toList();
		return new WarmupResult(State.COMPLETED, Instant.now(), Instant.now(), 1, 0, 0, null, requests, List.of());
	}

}
