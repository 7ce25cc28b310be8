package io.github.tomcatlatency.autoconfigure.internal;

import java.util.function.Consumer;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;

/**
 * What the starter does once, when the application first becomes ready: each bean of this
 * type is run by {@link FirstReadiness}, in the order of the {@code @Order} on its bean
 * method, one of the constants below. They say what each step must come after.
 * <p>
 * A step is never run again: an application whose readiness goes to
 * {@code REFUSING_TRAFFIC} and back (a readiness indicator on its database during an
 * outage) keeps the statistics, the class load log and the meters the steps started.
 * <p>
 * What a step throws is contained: one warning names what it does and the property that
 * switches it off ({@link #part()}), and the steps after it run, unless the step says
 * that the failure {@link #failsStartUp fails start-up} on purpose.
 */
public interface ReadyStep {

	/**
	 * The warm-up sends the application's routes and Spring Boot waits for it: first,
	 * after every runner and ready listener of the application, so that the requests find
	 * what those prepared, and before the availability that readiness probes read.
	 */
	int WARMUP = Ordered.HIGHEST_PRECEDENCE;

	/**
	 * The meters of the warm-up's requests are removed: once they have been sent.
	 */
	int WARMUP_METERS = WARMUP + 1;

	/**
	 * A training run ends and closes the application: after the warm-up, whose result it
	 * judges. The steps after it are then told that the application closed.
	 */
	int TRAINING_RUN = WARMUP + 2;

	/**
	 * The endpoint's statistics start: the next request counts as the first, the
	 * cold-request probe and the JVM's class load log start. After the warm-up, whose
	 * requests they must not see.
	 */
	int STATISTICS = WARMUP + 3;

	/**
	 * Requests count from now on: after the statistics started, so that none is counted
	 * into the window they replace.
	 */
	int COUNTING = WARMUP + 4;

	/**
	 * Do the step: the application became ready.
	 * @param context the application's context
	 */
	void ready(ConfigurableApplicationContext context);

	/**
	 * Called instead of {@link #ready} when the application was told to close while it
	 * became ready (SIGTERM during the warm-up): it is going away, and what a step would
	 * start would outlive it. Does nothing unless a step has something to say.
	 */
	default void closedBeforeReady() {
	}

	/**
	 * Return what the step does and the property that switches it off, for the warning
	 * when it fails.
	 * @return the part of the starter the step is
	 */
	Part part();

	/**
	 * Return whether what the step threw is to fail start-up, as the user asked
	 * ({@code tomcat-latency.warmup.fail-on-error}, a training run), rather than be
	 * contained.
	 * @param failure what the step threw
	 * @return {@code true} to let it reach Spring Boot
	 */
	default boolean failsStartUp(Throwable failure) {
		return false;
	}

	/**
	 * Return a step whose failures are contained.
	 * @param part what the step does and the property that switches it off
	 * @param action the step
	 * @return the step
	 */
	static ReadyStep of(Part part, Consumer<ConfigurableApplicationContext> action) {
		return of(part, false, action);
	}

	/**
	 * Return a step.
	 * @param part what the step does and the property that switches it off
	 * @param failsStartUp whether what it throws fails start-up instead of being
	 * contained
	 * @param action the step
	 * @return the step
	 */
	static ReadyStep of(Part part, boolean failsStartUp, Consumer<ConfigurableApplicationContext> action) {
		return new ReadyStep() {

			@Override
			public void ready(ConfigurableApplicationContext context) {
				action.accept(context);
			}

			@Override
			public Part part() {
				return part;
			}

			@Override
			public boolean failsStartUp(Throwable failure) {
				return failsStartUp;
			}

		};
	}

	/**
	 * What a step does, and the property that switches it off.
	 *
	 * @param description what the step does, for example {@code "the endpoint's reset at
	 * readiness"}
	 * @param property the property, for example {@code tomcat-latency.enabled}
	 */
	record Part(String description, String property) {

	}

}
