package io.github.tomcatlatency.phase.internal;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.tomcatlatency.internal.Failures;
import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.Route;
import io.github.tomcatlatency.phase.Routes;
import jakarta.servlet.ServletException;
import org.apache.catalina.AccessLog;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Engine {@link org.apache.catalina.Valve} that opens a {@link PhaseClock} for each
 * dispatch and, as an {@link AccessLog}, closes it when Tomcat logs the finished request.
 * Tomcat logs after the response is complete, asynchronous ones included, and passes the
 * wall time it measured from the start of the request line, so the split covers all of
 * it. Being on the engine, the valve also encloses error-page dispatches made by the
 * host.
 */
public final class PhaseValve extends ValveBase implements AccessLog {

	private static final Log logger = LogFactory.getLog(PhaseValve.class);

	private final Routes routes;

	private final PhaseRecorder recorder;

	private final RequestClassifier classifier;

	private final @Nullable ColdRequestProbe probe;

	private final AtomicBoolean failureLogged = new AtomicBoolean();

	private volatile boolean requestAttributesEnabled;

	/**
	 * Create a valve that reports to the given recorder what its requests count as and,
	 * while the probe is armed, what the JVM did during the recorded ones.
	 * @param routes resolves each request's route
	 * @param recorder where each request's split goes
	 * @param classifier decides what each request counts as
	 * @param probe measures the first requests of the routes, or {@code null}
	 */
	public PhaseValve(Routes routes, PhaseRecorder recorder, RequestClassifier classifier,
			@Nullable ColdRequestProbe probe) {
		super(true);
		this.routes = routes;
		this.recorder = recorder;
		this.classifier = classifier;
		this.probe = probe;
	}

	@Override
	public void invoke(Request request, Response response) throws IOException, ServletException {
		org.apache.coyote.Request coyoteRequest = request.getCoyoteRequest();
		long requestStartNanos = coyoteRequest.getStartTimeNanos();
		PhaseClock clock = (requestStartNanos != -1) ? clockOf(coyoteRequest) : null;
		if (clock == null) {
			getNext().invoke(request, response);
			return;
		}
		if (clock.dispatchStarted(requestStartNanos, System::nanoTime)) {
			try {
				RequestCounting counting = this.classifier.classify(request);
				clock.countAs(counting);
				if (counting == RequestCounting.RECORDED && this.probe != null && this.probe.armed()) {
					this.probe.start(clock);
				}
			}
			catch (RuntimeException | LinkageError ex) {
				// The request goes on as without the starter, untimed.
				clock.countAs(RequestCounting.DROPPED);
				failed(ex);
			}
		}
		PhaseClock.CurrentClock current = PhaseClock.currentSlot();
		current.enter(clock, requestStartNanos);
		try {
			getNext().invoke(request, response);
		}
		finally {
			current.set(null);
			clock.dispatchEnded(request.isAsync(), System::nanoTime);
		}
	}

	@Override
	public void log(Request request, Response response, long time) {
		org.apache.coyote.Request coyoteRequest = request.getCoyoteRequest();
		if (coyoteRequest.getNote(PhaseClock.NOTE) instanceof PhaseClock clock
				&& clock.complete(coyoteRequest.getStartTimeNanos(), time)) {
			try {
				if (clock.probed() && this.probe != null) {
					this.probe.end(clock);
				}
				record(clock, request.getMethod(), response.getStatus());
			}
			catch (RuntimeException | LinkageError ex) {
				// Tomcat recycles the request after logging it: a failure here must not
				// stop that.
				failed(ex);
			}
		}
	}

	private void failed(Throwable ex) {
		if (this.failureLogged.compareAndSet(false, true)) {
			logger.warn("Failed to time a request's phases (" + Failures.describe(ex)
					+ "); the request is served as without "
					+ "tomcat-latency, further failures are not logged (tomcat-latency.enabled=false switches it off)");
			logger.debug("Phase timing failure", ex);
		}
	}

	private void record(PhaseClock clock, String method, int status) {
		RequestCounting counting = clock.counting();
		Route route = (counting != RequestCounting.DROPPED) ? this.routes.resolve(clock.route(), status) : null;
		if (route == null) {
			return;
		}
		if (counting == RequestCounting.RECORDED) {
			this.recorder.record(route, method, status, clock);
			RequestEvents.commit(clock, route.uri(), method, status);
		}
		else {
			this.recorder.prepare(route, method, status);
		}
	}

	private static @Nullable PhaseClock clockOf(org.apache.coyote.Request coyoteRequest) {
		Object note = coyoteRequest.getNote(PhaseClock.NOTE);
		if (note instanceof PhaseClock clock) {
			return clock;
		}
		if (note != null) {
			// Another component uses the same note: leave its data alone and don't time.
			return null;
		}
		PhaseClock clock = new PhaseClock();
		coyoteRequest.setNote(PhaseClock.NOTE, clock);
		return clock;
	}

	@Override
	public void setRequestAttributesEnabled(boolean requestAttributesEnabled) {
		this.requestAttributesEnabled = requestAttributesEnabled;
	}

	@Override
	public boolean getRequestAttributesEnabled() {
		return this.requestAttributesEnabled;
	}

}
