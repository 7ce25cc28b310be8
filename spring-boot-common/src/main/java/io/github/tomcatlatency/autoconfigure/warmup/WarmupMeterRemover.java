package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.autoconfigure.internal.Contained;
import io.github.tomcatlatency.warmup.internal.WarmupObservationFilter;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;

/**
 * Removes the meters that the warm-up's requests before readiness created, once they have
 * been sent: on Spring Boot's {@code ReadinessState.ACCEPTING_TRAFFIC} event, after the
 * warm-up's listener and before the availability that readiness probes read.
 */
final class WarmupMeterRemover implements ApplicationListener<AvailabilityChangeEvent<ReadinessState>>, Ordered {

	private final WarmupObservationFilter filter;

	WarmupMeterRemover(WarmupObservationFilter filter) {
		this.filter = filter;
	}

	@Override
	public void onApplicationEvent(AvailabilityChangeEvent<ReadinessState> event) {
		if (event.getState() == ReadinessState.ACCEPTING_TRAFFIC) {
			Contained.run("the warm-up's meters' removal", "tomcat-latency.warmup.enabled", this.filter::removeMeters);
		}
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE + 1;
	}

}
