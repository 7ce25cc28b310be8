package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.Arrays;
import java.util.stream.Stream;

import io.github.tomcatlatency.autoconfigure.internal.Contained;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep;
import io.github.tomcatlatency.autoconfigure.internal.ReadyStep.Part;
import io.github.tomcatlatency.warmup.internal.WarmupObservationFilter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Removes the meters that the warm-up's requests were recorded under
 * ({@value WarmupObservationFilter#METER_NAME}) from every registry: once the requests
 * before readiness have been sent ({@link ReadyStep#WARMUP_METERS}), when the warm-up
 * ends, and again whenever the server completes one of its requests after that (it may
 * finish a request after the warm-up read its response). Never on a thread of the
 * application's own requests: on Spring Boot's, the warm-up's, or the server thread of
 * that last warm-up request once its observation has been recorded.
 * <p>
 * It walks every singleton: what it throws is contained in one warning, and it removes
 * nothing more after that.
 */
final class WarmupMeterRemover implements ReadyStep, Runnable {

	private static final Part PART = new Part("the warm-up's meters' removal", "tomcat-latency.warmup.enabled");

	private final Runnable removal;

	WarmupMeterRemover(ConfigurableListableBeanFactory beanFactory) {
		this.removal = Contained.untilFailure(PART.description(), PART.property(),
				() -> existingRegistries(beanFactory).forEach(WarmupObservationFilter::removeMeters));
	}

	@Override
	public Part part() {
		return PART;
	}

	@Override
	public void ready(ConfigurableApplicationContext context) {
		run();
	}

	@Override
	public void run() {
		this.removal.run();
	}

	private static Stream<MeterRegistry> existingRegistries(ConfigurableListableBeanFactory beanFactory) {
		// Those created: one never created holds no warm-up meter, and creating one
		// here could happen as the application closes, when the warm-up's requests
		// after readiness end. The singletons themselves, not a search by type: it
		// would run the bean factory's type matching on every bean once more after
		// start-up, which the JIT then compiles while the first traffic waits.
		return Arrays.stream(beanFactory.getSingletonNames())
			.map(beanFactory::getSingleton)
			.filter(MeterRegistry.class::isInstance)
			.map(MeterRegistry.class::cast);
	}

}
