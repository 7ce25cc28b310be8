package io.github.tomcatlatency.phase.internal;

import java.io.IOException;

import jakarta.servlet.ServletException;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;

/**
 * Stands before one valve of a pipeline and, while the request's {@link PhaseClock} times
 * valves (a request the {@link ColdRequestProbe} measures), tells the clock when the
 * valve is entered and left; otherwise it only passes the request on. Not a lifecycle
 * component: the pipeline neither starts, stops nor registers it.
 */
final class ValveMark implements Valve {

	private final int slot;

	private final Valve valve;

	private Valve next;

	ValveMark(int slot, Valve valve) {
		this.slot = slot;
		this.valve = valve;
		this.next = valve;
	}

	@Override
	public void invoke(Request request, Response response) throws IOException, ServletException {
		Valve next = this.next;
		// A valve removed or replaced since (setBasic relinks its mark): pass through.
		if (next != this.valve || !(request.getCoyoteRequest().getNote(PhaseClock.NOTE) instanceof PhaseClock clock)
				|| !clock.timingValves()) {
			next.invoke(request, response);
			return;
		}
		clock.valveEntered(this.slot, System.nanoTime());
		try {
			next.invoke(request, response);
		}
		finally {
			clock.valveLeft(System.nanoTime());
		}
	}

	int slot() {
		return this.slot;
	}

	@Override
	public Valve getNext() {
		return this.next;
	}

	@Override
	public void setNext(Valve valve) {
		this.next = valve;
	}

	@Override
	public void backgroundProcess() {
	}

	@Override
	public boolean isAsyncSupported() {
		return true;
	}

	@Override
	public String toString() {
		return "ValveMark[" + this.valve.getClass().getName() + "]";
	}

}
