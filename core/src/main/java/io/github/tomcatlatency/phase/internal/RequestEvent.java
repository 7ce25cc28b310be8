package io.github.tomcatlatency.phase.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * The JDK Flight Recorder event of one completed request: its phases, its container's
 * parts and its resource lookups, committed when Tomcat logs the request. Off unless a
 * recording enables it
 * ({@code jfr configure io.github.tomcatlatency.Request#enabled=true} or a {@code .jfc}
 * setting), so that JDK Mission Control shows the requests beside GC, JIT and class
 * loading only when asked.
 */
@Name(RequestEvent.NAME)
@Label("Tomcat Request")
@Category({ "Tomcat", "tomcat-latency" })
@Description("A request's time in Tomcat's container, the servlet filters and Spring MVC, "
		+ "and the container's parts")
@Enabled(false)
@StackTrace(false)
final class RequestEvent extends Event {

	/**
	 * The event's name in recordings.
	 */
	static final String NAME = "io.github.tomcatlatency.Request";

	@Label("Route")
	String route;

	@Label("Method")
	String method;

	@Label("Status")
	int status;

	@Label("Total")
	@Timespan(Timespan.NANOSECONDS)
	long total;

	@Label("Container")
	@Timespan(Timespan.NANOSECONDS)
	long container;

	@Label("Filters")
	@Timespan(Timespan.NANOSECONDS)
	long filters;

	@Label("MVC")
	@Timespan(Timespan.NANOSECONDS)
	long mvc;

	@Label("Connector")
	@Description("Reading the request line and headers, and mapping")
	@Timespan(Timespan.NANOSECONDS)
	long connector;

	@Label("Valves In")
	@Description("The valves before the filter chain")
	@Timespan(Timespan.NANOSECONDS)
	long valvesIn;

	@Label("Valves Out")
	@Description("The valves after the filter chain, the error page dispatch included")
	@Timespan(Timespan.NANOSECONDS)
	long valvesOut;

	@Label("Response")
	@Description("Committing, writing and flushing the response")
	@Timespan(Timespan.NANOSECONDS)
	long response;

	@Label("Resource Lookups")
	long resourceLookups;

	@Label("Resource Lookup Time")
	@Timespan(Timespan.NANOSECONDS)
	long resourceLookupTime;

	@Label("Slowest Resource Set")
	String resourceSet;

}
