package io.github.tomcatlatency.phase.internal;

import io.github.tomcatlatency.phase.CompletedRequest;
import io.github.tomcatlatency.phase.ContainerPart;
import jdk.jfr.FlightRecorder;

/**
 * Commits a {@link RequestEvent} for each recorded request while a Flight Recorder
 * recording enables it. Until the JVM's Flight Recorder has been initialised (a recording
 * started), a request pays one static read and allocates nothing: the event is created
 * only once JFR runs. A JVM without the {@code jdk.jfr} module records none.
 */
final class RequestEvents {

	private static final boolean AVAILABLE = ModuleLayer.boot().findModule("jdk.jfr").isPresent();

	private RequestEvents() {
	}

	/**
	 * Commit the event of a completed request if a recording enables it.
	 * @param request the request
	 * @param route its route
	 * @param method its method
	 * @param status its status
	 */
	static void commit(CompletedRequest request, String route, String method, int status) {
		if (!AVAILABLE || !FlightRecorder.isInitialized()) {
			return;
		}
		RequestEvent event = new RequestEvent();
		if (!event.isEnabled()) {
			return;
		}
		event.route = route;
		event.method = method;
		event.status = status;
		event.container = request.containerNanos();
		event.filters = request.filtersNanos();
		event.mvc = request.mvcNanos();
		event.total = event.container + event.filters + event.mvc;
		event.connector = request.containerPartNanos(ContainerPart.CONNECTOR);
		event.valvesIn = request.containerPartNanos(ContainerPart.VALVES_IN);
		event.valvesOut = request.containerPartNanos(ContainerPart.VALVES_OUT);
		event.response = request.containerPartNanos(ContainerPart.RESPONSE);
		event.resourceLookups = request.resourceLookups();
		event.resourceLookupTime = request.resourceLookupNanos();
		event.resourceSet = request.slowestResourceSet();
		event.commit();
	}

}
