package io.github.tomcatlatency.warmup.internal.access;

import java.io.IOException;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Takes the warm-up's token off each request in Tomcat's engine, before the application's
 * filters, servlets and request logs see it: see {@link WarmupRequestMarker#claim}. Where
 * it stands among the engine's valves does not matter to the host check made there: it
 * reads the connection's own peer address, which no forwarded header changes.
 * <p>
 * It also tells the marker when the server has completed a warm-up request: once the
 * engine's other valves, the application's filters and its servlet have returned, or, for
 * an asynchronous request, once it completes. Either comes after the request's
 * observation has been recorded: Spring's observation filter stops it inside, or in an
 * async listener registered before this valve's.
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
		if (!this.marker.claim(request)) {
			getNext().invoke(request, response);
			return;
		}
		try {
			getNext().invoke(request, response);
		}
		finally {
			if (request.isAsyncStarted()) {
				request.getAsyncContext().addListener(new Completion());
			}
			else {
				this.marker.completed();
			}
		}
	}

	/**
	 * Tells the marker that an asynchronous warm-up request has completed.
	 */
	private final class Completion implements AsyncListener {

		@Override
		public void onComplete(AsyncEvent event) {
			WarmupTokenValve.this.marker.completed();
		}

		@Override
		public void onStartAsync(AsyncEvent event) {
			// A new asynchronous cycle notifies only the listeners added to it.
			event.getAsyncContext().addListener(this);
		}

		@Override
		public void onTimeout(AsyncEvent event) {
			// Completed next.
		}

		@Override
		public void onError(AsyncEvent event) {
			// Completed next.
		}

	}

}
