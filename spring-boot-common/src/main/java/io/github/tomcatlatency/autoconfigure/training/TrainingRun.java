package io.github.tomcatlatency.autoconfigure.training;

import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;

import io.github.tomcatlatency.autoconfigure.internal.ReadyStep;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep.Part;
import io.github.tomcatlatency.training.internal.TrainingExit;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.Outcome;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.replay.TrainedRequestsRecorder;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Ends a training run once the application has started and the warm-up has run: closes
 * the application and exits the JVM with status {@code 0}, so that the JVM writes its AOT
 * cache or CDS archive, or fails start-up with a {@link TrainingException} (exit status
 * {@code 1}) when a built-in or configured request did not warm its route. Discovered
 * routes that did not are left out of the training run (the warm-up names each in its
 * log): the application owns them, and a demo route that fails on purpose is no reason to
 * train nothing. The application never reports itself ready to accept traffic: the run
 * ends in a {@link ReadyStep} ({@link ReadyStep#TRAINING_RUN}), right after the warm-up's
 * and before the availability that readiness probes read.
 */
final class TrainingRun implements ReadyStep {

	private static final Log logger = LogFactory.getLog(TrainingRun.class);

	private final Supplier<WarmupResult> warmup;

	private final TrainedRequestsRecorder recorder;

	private final TrainingExit exit;

	/**
	 * Create a training run.
	 * @param warmup the result of the warm-up, read once the application has started
	 * @param recorder records the requests a production warm-up may send again
	 * @param exit ends the JVM once the application is closed
	 */
	TrainingRun(Supplier<WarmupResult> warmup, TrainedRequestsRecorder recorder, TrainingExit exit) {
		this.warmup = warmup;
		this.recorder = recorder;
		this.exit = exit;
	}

	@Override
	public void ready(ConfigurableApplicationContext context) {
		WarmupResult result = this.warmup.get();
		List<RequestResult> leftOut = result.requests()
			.stream()
			.filter((request) -> request.outcome() != Outcome.WARMED)
			.toList();
		boolean onlyDiscoveredLeftOut = leftOut.stream().allMatch((request) -> request.origin() == Origin.DISCOVERED);
		if (result.state() == State.SKIPPED || result.state() == State.TIMED_OUT || result.requests().isEmpty()
				|| !onlyDiscoveredLeftOut) {
			throw failed(result);
		}
		int recorded;
		try {
			recorded = this.recorder.record(result);
		}
		catch (IOException ex) {
			throw new TrainingException("The training run could not record its requests next to the cache: " + ex,
					"Let the training run write into the directory of the JVM's cache.");
		}
		logger.info("Training run sent " + result.requests().size() + " warm-up requests in " + result.durationMs()
				+ " ms" + (leftOut.isEmpty() ? "" : ", " + leftOut.size() + " of them to discovered routes left out")
				+ ((recorded < 0) ? ""
						: "; " + recorded + " of the application's GET routes recorded for "
								+ "tomcat-latency.warmup.replay-training")
				+ "; closing the application so that the JVM writes its AOT cache or CDS archive as it exits");
		this.exit.exit(SpringApplication.exit(context));
	}

	@Override
	public Part part() {
		return new Part("the training run", "tomcat-latency.warmup.training");
	}

	@Override
	public boolean failsStartUp(Throwable failure) {
		// Contained, the training run would never end: the application would run on in
		// the build that started it.
		return true;
	}

	@Override
	public void closedBeforeReady() {
		// Told to close during the warm-up (SIGTERM): it closes without this run.
		logger.info("Training run stopped: the application was closed during the warm-up");
	}

	private static TrainingException failed(WarmupResult result) {
		String state = result.state().name().toLowerCase().replace('_', ' ');
		return new TrainingException(
				"The training run (tomcat-latency.warmup.training=true) stopped: the warm-up " + state + ": "
						+ result.message() + ". No cache trained on errors should be used.",
				"Make every built-in and configured warm-up request warm its route against the training run's "
						+ "resources (discovered routes that fail are left out), or leave it out of the warm-up; "
						+ "raise tomcat-latency.warmup.timeout if the routes are slow, or lower "
						+ "tomcat-latency.warmup.training-repetitions.");
	}

}
