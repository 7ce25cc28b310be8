package io.github.tomcatlatency.autoconfigure.internal;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * When the application really became ready. Spring Boot publishes
 * {@code ReadinessState.ACCEPTING_TRAFFIC} once the ready-event listeners have run, also
 * when the application was told to close while they ran (SIGTERM during the warm-up): by
 * then the application refuses traffic and is going away, and what the starter starts at
 * readiness (the cold-request probe, the class load log) would outlive it.
 */
public final class Readiness {

	private Readiness() {
	}

	/**
	 * Return whether the event says the application is ready to accept traffic and it is
	 * not closing.
	 * @param event a readiness change
	 * @return whether the application became ready
	 */
	public static boolean becameReady(AvailabilityChangeEvent<ReadinessState> event) {
		return event.getState() == ReadinessState.ACCEPTING_TRAFFIC
				&& !(event.getSource() instanceof ConfigurableApplicationContext context && context.isClosed());
	}

}
