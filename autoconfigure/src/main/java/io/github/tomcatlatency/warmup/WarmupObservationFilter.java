package io.github.tomcatlatency.warmup;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationFilter;

import org.springframework.http.server.observation.ServerRequestObservationContext;

/**
 * Keeps warm-up requests out of {@code http.server.requests} while still running its
 * recording path, whose first use is most of what a first request costs after a warm-up
 * (class loading and the registry's first timer). Warm-up observations are renamed to
 * {@value #METER_NAME}, so their timer is recorded like any other, and its meters are
 * removed once the warm-up is over.
 *
 * @author tomcat-latency
 */
public final class WarmupObservationFilter implements ObservationFilter {

	/**
	 * Name under which warm-up requests are recorded until they are removed.
	 */
	public static final String METER_NAME = "tomcat.latency.warmup.requests";

	private final WarmupRequestMarker marker;

	/**
	 * Create a filter.
	 * @param marker tells warm-up requests apart
	 */
	public WarmupObservationFilter(WarmupRequestMarker marker) {
		this.marker = marker;
	}

	@Override
	public Observation.Context map(Observation.Context context) {
		if (context instanceof ServerRequestObservationContext serverContext
				&& this.marker.isWarmupRequest(serverContext.getCarrier())) {
			context.setName(METER_NAME);
		}
		return context;
	}

	/**
	 * Remove the meters of the warm-up requests.
	 * @param registry the registry they were recorded in
	 */
	public static void removeMeters(MeterRegistry registry) {
		for (Meter meter : registry.find(METER_NAME).meters()) {
			registry.remove(meter);
		}
	}

}
