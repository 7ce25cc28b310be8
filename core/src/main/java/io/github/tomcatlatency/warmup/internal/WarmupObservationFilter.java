package io.github.tomcatlatency.warmup.internal;

import java.util.concurrent.atomic.AtomicBoolean;

import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationFilter;

import org.springframework.http.server.observation.ServerRequestObservationContext;

/**
 * Keeps warm-up requests out of {@code http.server.requests} while still running its
 * recording path, whose first use is most of what a first request costs after a warm-up
 * (class loading and the registry's first timer). Warm-up observations are renamed to
 * {@value #METER_NAME}, so their timer is recorded like any other, and those meters are
 * removed once the application is ready, and once more on the first request after the
 * warm-up, for a warm-up request the server finished after the warm-up read its response.
 * Only requests that carry the warm-up's token are renamed: a request from outside keeps
 * its {@code http.server.requests} observation even when it arrives before the
 * application is ready.
 */
public final class WarmupObservationFilter implements ObservationFilter {

	/**
	 * Name under which warm-up requests are recorded until they are removed.
	 */
	public static final String METER_NAME = "tomcat.latency.warmup.requests";

	private final WarmupRequestMarker marker;

	private final Runnable meterRemoval;

	private final AtomicBoolean swept = new AtomicBoolean();

	/**
	 * Create a filter.
	 * @param marker tells warm-up requests apart
	 * @param meterRemoval removes the warm-up meters from every registry
	 */
	public WarmupObservationFilter(WarmupRequestMarker marker, Runnable meterRemoval) {
		this.marker = marker;
		this.meterRemoval = meterRemoval;
	}

	@Override
	public Observation.Context map(Observation.Context context) {
		// After the sweep, one plain read per observation.
		if (this.swept.get() || !(context instanceof ServerRequestObservationContext serverContext)) {
			return context;
		}
		if (this.marker.carriesToken(serverContext.getCarrier())) {
			context.setName(METER_NAME);
		}
		else if (this.marker.isFinished() && this.swept.compareAndSet(false, true)) {
			this.meterRemoval.run();
		}
		return context;
	}

	/**
	 * Remove the meters of the warm-up requests.
	 */
	public void removeMeters() {
		this.meterRemoval.run();
	}

	/**
	 * Remove the meters of the warm-up requests from a registry.
	 * @param registry the registry they were recorded in
	 */
	public static void removeMeters(MeterRegistry registry) {
		for (Meter meter : registry.find(METER_NAME).meters()) {
			registry.remove(meter);
		}
	}

}
