package io.github.tomcatlatency.phase.internal;

import io.github.tomcatlatency.phase.PhaseRecorder;

/**
 * What a request counts as, decided once per request by the {@link RequestClassifier}
 * when its first dispatch enters the container, and kept on the request's clock for the
 * valve, which records it, only prepares the {@link PhaseRecorder recorders} for it, or
 * leaves it out.
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
	DROPPED

}
