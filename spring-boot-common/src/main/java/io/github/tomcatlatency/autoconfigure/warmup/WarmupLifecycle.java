package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.warmup.internal.WarmupRunner;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.SmartApplicationListener;
import org.springframework.core.Ordered;

/**
 * Starts the warm-up's own requests when the application has started, beside the
 * application's runners, sends the application's routes when it is ready, before Spring
 * Boot publishes {@code ReadinessState.ACCEPTING_TRAFFIC}, and stops the warm-up when the
 * application closes.
 * <p>
 * Not an application runner: Spring Boot runs unordered runners in no fixed order, and a
 * configured request may need what the application's runners prepare (the data its route
 * reads). Ready-event listeners run after every runner; this one runs before the
 * unordered ones, which include what must follow the warm-up (the training run, the
 * removal of the warm-up's meters).
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
				|| ApplicationReadyEvent.class.isAssignableFrom(eventType)
				|| ContextClosedEvent.class.isAssignableFrom(eventType);
	}

	@Override
	public void onApplicationEvent(ApplicationEvent event) {
		try {
			if (event instanceof ApplicationStartedEvent started && started.getApplicationContext() == this.context) {
				this.runner.start();
			}
			else if (event instanceof ApplicationReadyEvent ready && ready.getApplicationContext() == this.context) {
				this.runner.run();
			}
			else if (event instanceof ContextClosedEvent closed && closed.getApplicationContext() == this.context) {
				// Published before Tomcat stops: the requests still to send would find it
				// gone.
				this.runner.stop();
			}
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
		return Ordered.LOWEST_PRECEDENCE - 1;
	}

}
