package io.github.tomcatlatency.training;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.tomcatlatency.warmup.WarmupResult;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * Ends a training run once the application has started and the warm-up has run: closes
 * the application and exits the JVM with status {@code 0}, so that the JVM writes its AOT
 * cache or CDS archive, or fails start-up with a {@link TrainingException} (exit status
 * {@code 1}) when a warm-up request failed. The application never reports itself ready to
 * accept traffic.
 */
public final class TrainingRun implements ApplicationListener<ApplicationReadyEvent> {

	private static final Log logger = LogFactory.getLog(TrainingRun.class);

	private final Supplier<WarmupResult> warmup;

	private final TrainingExit exit;

	/**
	 * Create a training run.
	 * @param warmup the result of the warm-up, read once the application has started
	 * @param exit ends the JVM once the application is closed
	 */
	public TrainingRun(Supplier<WarmupResult> warmup, TrainingExit exit) {
		this.warmup = warmup;
		this.exit = exit;
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		WarmupResult result = this.warmup.get();
		if (result.state() != State.COMPLETED) {
			throw failed(result);
		}
		logger.info("Training run sent " + result.requests().size() + " warm-up requests in " + result.durationMs()
				+ " ms (" + routes(result) + "); closing the application so that the JVM "
				+ "writes its AOT cache or CDS archive as it exits");
		this.exit.exit(SpringApplication.exit(event.getApplicationContext()));
	}

	private static TrainingException failed(WarmupResult result) {
		String state = result.state().name().toLowerCase().replace('_', ' ');
		return new TrainingException(
				"The training run (tomcat-latency.warmup.training=true) stopped: the warm-up " + state + ": "
						+ result.message() + ". No cache trained on errors should be used.",
				"Make every warm-up route answer without a server error against the training run's resources, "
						+ "or leave it out of the warm-up; raise tomcat-latency.warmup.timeout if the routes are "
						+ "slow, or lower tomcat-latency.warmup.training-repetitions.");
	}

	private static String routes(WarmupResult result) {
		Map<String, Integer> counts = new LinkedHashMap<>();
		for (RequestResult request : result.requests()) {
			counts.merge(request.method() + " " + request.path(), 1, Integer::sum);
		}
		return counts.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " x" + entry.getValue())
			.collect(Collectors.joining(", "));
	}

}
