package io.github.tomcatlatency.warmup.internal.access;

import java.io.IOException;

import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Takes the warm-up's token off each request in Tomcat's engine, before the application's
 * filters, servlets and request logs see it: see {@link WarmupRequestMarker#claim}. Where
 * it stands among the engine's valves does not matter to the host check made there: it
 * reads the connection's own peer address, which no forwarded header changes.
 */
public final class WarmupTokenValve extends ValveBase {

	private final WarmupRequestMarker marker;

	/**
	 * Create a valve.
	 * @param marker the marker whose token it takes off
	 */
	public WarmupTokenValve(WarmupRequestMarker marker) {
		super(true);
		this.marker = marker;
	}

	@Override
	public void invoke(Request request, Response response) throws IOException, ServletException {
		this.marker.claim(request);
		getNext().invoke(request, response);
	}

}
