package io.github.tomcatlatency.autoconfigure.internal;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.SmartApplicationListener;
import org.springframework.core.Ordered;

/**
 * Decides the one moment the application became ready, and runs every {@link ReadyStep}
 * then, in their order: on the first {@code ReadinessState.ACCEPTING_TRAFFIC} of this
 * application's context after its {@code ApplicationReadyEvent}, which Spring Boot
 * publishes once the runners and ready-event listeners have run. The first of its
 * listeners, so that the steps run before the availability that readiness probes read.
 * <p>
 * Readiness can change later, and the application can publish it itself: a readiness
 * indicator that refuses traffic during an outage and accepts it again, or
 * {@code ACCEPTING_TRAFFIC} published before Spring Boot's own (from a runner or a
 * {@code @PostConstruct} method, before the server even started). None of it is the
 * start's readiness: the steps run once, never again, and never early. A step that finds
 * the application closed (told to close while it became ready, as SIGTERM during the
 * warm-up does) is told so instead: Spring Boot still publishes its readiness then. What
 * a step throws is contained in one warning and the next steps run, unless the step fails
 * start-up on purpose ({@link ReadyStep#failsStartUp}).
 * <p>
 * Imported by each auto-configuration that declares a step: one bean, whichever of them
 * is on.
 */
public final class FirstReadiness implements SmartApplicationListener {

	private final ConfigurableApplicationContext context;

	private final ObjectProvider<ReadyStep> steps;

	// Asked for once the application is ready, while it runs: the application may be
	// closed by the time it reports so.
	private volatile @Nullable List<ReadyStep> readySteps;

	private final AtomicBoolean stepsRun = new AtomicBoolean();

	/**
	 * Create the listener.
	 * @param context the application's context, whose readiness counts
	 * @param steps the steps, asked for once the application is ready
	 */
	public FirstReadiness(ConfigurableApplicationContext context, ObjectProvider<ReadyStep> steps) {
		this.context = context;
		this.steps = steps;
	}

	@Override
	public boolean supportsEventType(Class<? extends ApplicationEvent> eventType) {
		return ApplicationReadyEvent.class.isAssignableFrom(eventType)
				|| AvailabilityChangeEvent.class.isAssignableFrom(eventType);
	}

	@Override
	public void onApplicationEvent(ApplicationEvent event) {
		if (event instanceof ApplicationReadyEvent ready && ready.getApplicationContext() == this.context) {
			this.readySteps = this.steps.orderedStream().toList();
		}
		else if (event instanceof AvailabilityChangeEvent<?> change && change.getSource() == this.context
				&& change.getState() == ReadinessState.ACCEPTING_TRAFFIC) {
			List<ReadyStep> readySteps = this.readySteps;
			if (readySteps != null && this.stepsRun.compareAndSet(false, true)) {
				readySteps.forEach(this::runContained);
			}
		}
	}

	private void runContained(ReadyStep step) {
		try {
			run(step);
		}
		catch (RuntimeException | LinkageError ex) {
			if (step.failsStartUp(ex)) {
				throw ex;
			}
			// The steps after it run: one that failed must not leave the statistics
			// unstarted or the requests uncounted.
			Contained.warn(step.part().description(), step.part().property(), ex);
		}
	}

	private void run(ReadyStep step) {
		// Asked before each step: the application may be closed during one (the
		// warm-up's, or by the training run).
		if (this.context.isClosed()) {
			step.closedBeforeReady();
		}
		else {
			step.ready(this.context);
		}
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
