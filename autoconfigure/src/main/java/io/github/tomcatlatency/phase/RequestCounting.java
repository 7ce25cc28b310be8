package io.github.tomcatlatency.phase;

import org.jspecify.annotations.Nullable;

/**
 * What a request counts as, decided once per request by the {@link RequestClassifier}
 * when its first dispatch enters the container, and kept on the request's clock for
 * everything downstream: the {@link PhaseRecorder recorders} and the warm-up's handling
 * of Spring's own observations.
 */
public enum RequestCounting {

	/**
	 * Recorded by every recorder: the phase timers and the endpoint's statistics.
	 */
	RECORDED,

	/**
	 * Only prepares the recorders for requests like it, such as creating their timers,
	 * without recording it: warm-up requests and requests before the application is
	 * ready, which users do not pay for.
	 */
	PREPARED,

	/**
	 * Left out altogether: requests to actuator endpoints (scrapes, probes).
	 */
	DROPPED;

	/**
	 * Return what the request being dispatched on this thread counts as.
	 * @return what it counts as, or {@code null} outside a dispatch timed by
	 * {@link PhaseValve}, for example when an asynchronous request completes
	 */
	public static @Nullable RequestCounting ofCurrentDispatch() {
		PhaseClock clock = PhaseClock.current();
		return (clock != null) ? clock.counting() : null;
	}

}
