package io.github.tomcatlatency.training.internal;

import java.util.List;
import java.util.function.Supplier;

import io.github.tomcatlatency.warmup.WarmupRequest;

import org.springframework.util.Assert;

/**
 * The warm-up requests of a training run: each sent at least a given number of times, so
 * that the JVM records profiles of the request path, not only the classes it loads.
 */
public final class TrainingRequests implements Supplier<List<WarmupRequest>> {

	private final Supplier<List<WarmupRequest>> requests;

	private final int repetitions;

	/**
	 * Create the requests of a training run.
	 * @param requests the warm-up requests
	 * @param repetitions how many times to send each request at least
	 */
	public TrainingRequests(Supplier<List<WarmupRequest>> requests, int repetitions) {
		Assert.isTrue(repetitions > 0, "'repetitions' must be at least 1");
		this.requests = requests;
		this.repetitions = repetitions;
	}

	@Override
	public List<WarmupRequest> get() {
		return this.requests.get().stream().map(this::repeated).toList();
	}

	private WarmupRequest repeated(WarmupRequest request) {
		return new WarmupRequest(request.origin(), request.method(), request.path(), request.headers(), request.body(),
				Math.max(request.repetitions(), this.repetitions));
	}

}
