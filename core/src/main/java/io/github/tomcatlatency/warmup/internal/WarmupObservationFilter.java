package io.github.tomcatlatency.warmup.internal;

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
 * {@value #METER_NAME}, so their timer is recorded like any other; those meters are
 * removed by others ({@link #removeMeters(MeterRegistry)}), never on the path of a
 * request. Only requests that carry the warm-up's token are renamed: a request from
 * outside keeps its {@code http.server.requests} observation even when it arrives before
 * the application is ready.
 * <p>
 * It renames until the warm-up has ended and the server has completed each of its
 * requests, however late: a warm-up request the server finishes after the warm-up read
 * its response is still renamed, and its meter removed once it completes
 * ({@link WarmupRequestMarker#whenFinished}). From then on, two plain reads per
 * observation.
 */
public final class WarmupObservationFilter implements ObservationFilter {

	/**
	 * Name under which warm-up requests are recorded until they are removed.
	 */
	public static final String METER_NAME = "tomcat.latency.warmup.requests";

	private final WarmupRequestMarker marker;

	/**
	 * Create a filter.
	 * @param marker tells warm-up requests apart, and when none is left
	 */
	public WarmupObservationFilter(WarmupRequestMarker marker) {
		this.marker = marker;
	}

	@Override
	public Observation.Context map(Observation.Context context) {
		if (!this.marker.isFinished() && context instanceof ServerRequestObservationContext serverContext
				&& this.marker.carriesToken(serverContext.getCarrier())) {
			context.setName(METER_NAME);
		}
		return context;
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
