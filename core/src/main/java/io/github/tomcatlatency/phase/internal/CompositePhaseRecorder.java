package io.github.tomcatlatency.phase.internal;

import java.util.List;

import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.Route;

/**
 * {@link PhaseRecorder} that passes each request on to several recorders.
 */
public final class CompositePhaseRecorder implements PhaseRecorder {

	private final PhaseRecorder[] recorders;

	private CompositePhaseRecorder(List<PhaseRecorder> recorders) {
		this.recorders = recorders.toArray(PhaseRecorder[]::new);
	}

	/**
	 * Return a recorder that passes each request to all the given ones.
	 * @param recorders the recorders, in order
	 * @return a single recorder
	 */
	public static PhaseRecorder of(List<PhaseRecorder> recorders) {
		return (recorders.size() == 1) ? recorders.get(0) : new CompositePhaseRecorder(recorders);
	}

	@Override
	public void record(Route route, String method, int status, long containerNanos, long filtersNanos, long mvcNanos) {
		for (PhaseRecorder recorder : this.recorders) {
			recorder.record(route, method, status, containerNanos, filtersNanos, mvcNanos);
		}
	}

	@Override
	public void record(Route route, String method, int status, CompletedRequest request) {
		for (PhaseRecorder recorder : this.recorders) {
			recorder.record(route, method, status, request);
		}
	}

	@Override
	public void prepare(Route route, String method, int status) {
		for (PhaseRecorder recorder : this.recorders) {
			recorder.prepare(route, method, status);
		}
	}

}
