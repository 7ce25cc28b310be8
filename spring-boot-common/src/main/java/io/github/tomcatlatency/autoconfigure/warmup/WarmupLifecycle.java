package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.autoconfigure.internal.ReadyStep;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep.Part;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;

import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.SmartApplicationListener;
import org.springframework.core.Ordered;

/**
 * Starts the warm-up's own requests when the application has started, beside the
 * application's runners, sends the application's routes once it is ready, before Spring
 * Boot records {@code ReadinessState.ACCEPTING_TRAFFIC}, and stops the warm-up when the
 * application closes.
 * <p>
 * The application's routes go out in the first {@link ReadyStep} ({@link #routes()},
 * {@link ReadyStep#WARMUP}): on the {@code ACCEPTING_TRAFFIC} event that Spring Boot
 * publishes after the ready-event listeners, before the availability that readiness
 * probes read, the training run and the removal of the warm-up's meters. They find the
 * application as its first users do, with what its runners and ready-event listeners
 * prepared (the data a listener inserts when the application is ready, a cache it fills).
 * Not an application runner: Spring Boot runs unordered runners in no fixed order.
 * <p>
 * Whatever the warm-up throws that it did not expect ends it, with one warning, and the
 * application starts as without it, unless {@code tomcat-latency.warmup.fail-on-error} is
 * set.
 */
final class WarmupLifecycle implements SmartApplicationListener {

	private final ApplicationContext context;

	private final WarmupRunner runner;

	private final boolean failOnError;

	WarmupLifecycle(ApplicationContext context, WarmupRunner runner, boolean failOnError) {
		this.context = context;
		this.runner = runner;
		this.failOnError = failOnError;
	}

	@Override
	public boolean supportsEventType(Class<? extends ApplicationEvent> eventType) {
		return ApplicationStartedEvent.class.isAssignableFrom(eventType)
				|| ContextClosedEvent.class.isAssignableFrom(eventType);
	}

	@Override
	public void onApplicationEvent(ApplicationEvent event) {
		if (event instanceof ApplicationStartedEvent started && started.getApplicationContext() == this.context) {
			contained(this.runner::start);
		}
		else if (event instanceof ContextClosedEvent closed && closed.getApplicationContext() == this.context) {
			// Published before Tomcat stops: the requests still to send would find it
			// gone.
			contained(this.runner::stop);
		}
	}

	/**
	 * Return the step that sends the application's routes and waits for them, once the
	 * application became ready: what it throws fails start-up only with
	 * {@code tomcat-latency.warmup.fail-on-error}, as the rest of the warm-up.
	 * @return the step
	 */
	ReadyStep routes() {
		return ReadyStep.of(new Part("the warm-up", "tomcat-latency.warmup.enabled"), this.failOnError,
				(context) -> contained(this.runner::run));
	}

	private void contained(Runnable action) {
		try {
			action.run();
		}
		catch (RuntimeException | LinkageError ex) {
			if (this.failOnError) {
				throw ex;
			}
			this.runner.failed(ex);
		}
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
