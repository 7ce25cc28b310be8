package io.github.tomcatlatency.bench.jmh;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.tomcatlatency.phase.PhaseRecorder;
import io.github.tomcatlatency.phase.PhaseTimers;
import io.github.tomcatlatency.phase.Routes;
import io.github.tomcatlatency.phase.internal.ColdRequestProbe;
import io.github.tomcatlatency.phase.internal.CompositePhaseRecorder;
import io.github.tomcatlatency.phase.internal.ContainerPartMeters;
import io.github.tomcatlatency.phase.internal.PhaseValve;
import io.github.tomcatlatency.phase.internal.PhaseWrapper;
import io.github.tomcatlatency.phase.internal.RequestClassifier;
import io.github.tomcatlatency.phase.internal.RequestExclusion;
import io.github.tomcatlatency.phase.internal.ValveTiming;
import io.github.tomcatlatency.statistics.RequestStatistics;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.servlet.Filter;
import jakarta.servlet.GenericServlet;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.LifecycleEvent;
import org.apache.catalina.LifecycleListener;
import org.apache.catalina.Valve;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardEngine;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.core.StandardWrapper;
import org.apache.catalina.valves.ValveBase;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.Blackhole;

import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.servlet.HandlerMapping;

/**
 * One request through the part of Tomcat's request path the starter instruments: the
 * engine valve, the wrapper's allocate and deallocate around the filter chain, the
 * servlet boundary, and the access-log call that records the split; with the starter, the
 * engine's pipeline carries the marks that tell a measured request's valves apart. The
 * objects are Tomcat's own (connector request and response, coyote request with its start
 * time, a wrapper serving a servlet that matched a route); only the container around them
 * is left out, and a valve calls the wrapper as Tomcat's wrapper valve does. {@code NONE}
 * is that path without the starter: the starter's added work is another variant's time
 * minus its time.
 * <ul>
 * <li>{@code TIMERS}: the {@code tomcat.latency.request} timers in a Prometheus registry,
 * the endpoint not exposed.</li>
 * <li>{@code TIMERS_AND_STATISTICS}: and the endpoint's statistics, in steady state (the
 * cold-request probe disarmed).</li>
 * <li>{@code PROBE_ARMED}: the same while the first requests of the routes are measured
 * (after readiness or a new route, for a minute or 1,000 requests; re-armed before each
 * request here, a volatile write), when every request is measured for the cold-request
 * causes.</li>
 * <li>{@code OBSERVATION}: no starter, Spring's own {@code ServerHttpObservationFilter}
 * recording {@code http.server.requests} into a Prometheus registry as Boot's default
 * meter handler does, the route's pattern set as Spring MVC sets it: what the starter's
 * added work is weighed against.</li>
 * </ul>
 * {@link #request} runs one thread on the path; {@link #contended} two threads on the
 * same valves, timers and statistics, one route, so that they contend for the same
 * counters and histograms.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RequestPathBenchmark {

	private static final String ROUTE = "/things/{id}";

	@Benchmark
	public int request(Path path, Connection connection, Blackhole blackhole) throws Exception {
		return path.serve(connection, blackhole);
	}

	@Benchmark
	@Threads(2)
	public int contended(Path path, Connection connection, Blackhole blackhole) throws Exception {
		return path.serve(connection, blackhole);
	}

	/**
	 * The request path, shared by the benchmark's threads: the valves, the wrapper, the
	 * filter and the recorders.
	 */
	@State(Scope.Benchmark)
	public static class Path {

		@Param({ "NONE", "TIMERS", "TIMERS_AND_STATISTICS", "PROBE_ARMED", "OBSERVATION" })
		private Instrumentation instrumentation;

		private Valve first;

		private PhaseValve phaseValve;

		private @Nullable RequestStatistics statistics;

		@Setup(Level.Trial)
		public void setUp() throws Exception {
			boolean starter = this.instrumentation != Instrumentation.NONE
					&& this.instrumentation != Instrumentation.OBSERVATION;
			Wrapper wrapper = starter ? new PhaseWrapper() : new StandardWrapper();
			wrapper.setName("dispatcher");
			wrapper.setServlet(new RouteServlet());
			Filter filter = null;
			if (this.instrumentation == Instrumentation.OBSERVATION) {
				ObservationRegistry observations = ObservationRegistry.create();
				observations.observationConfig()
					.observationHandler(
							new DefaultMeterObservationHandler(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)));
				filter = new ServerHttpObservationFilter(observations);
			}
			Valve wrapperValve = new WrapperCall(wrapper, filter);
			if (!starter) {
				this.first = wrapperValve;
				return;
			}
			Routes routes = new Routes(100);
			List<PhaseRecorder> recorders = new ArrayList<>();
			PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
			recorders.add(new PhaseTimers(registry, routes.capacity()));
			// As the auto-configuration adds them beside the timers.
			recorders.add(new ContainerPartMeters(registry));
			ColdRequestProbe probe = null;
			if (this.instrumentation != Instrumentation.TIMERS) {
				RequestStatistics statistics = new RequestStatistics(routes.capacity(), 1 << 21, 5,
						Duration.ofSeconds(30));
				this.statistics = statistics;
				if (this.instrumentation == Instrumentation.PROBE_ARMED) {
					// Readiness: the window in which first requests are measured opens;
					// the
					// statistics would stop probing after 1,000 requests without a new
					// route, this probe never does.
					statistics.reset();
					probe = new ColdRequestProbe(() -> true);
				}
				else {
					probe = new ColdRequestProbe(statistics::probing);
				}
				recorders.add(statistics);
			}
			RequestClassifier classifier = new RequestClassifier(List::of, RequestExclusion.NONE);
			classifier.ready();
			this.phaseValve = new PhaseValve(routes, CompositePhaseRecorder.of(recorders), classifier, probe);
			this.first = markedEnginePipeline(this.phaseValve, wrapperValve);
		}

		// The engine's pipeline as the starter leaves it once the context started: its
		// valve first, then a mark before each valve after it (here the one that calls
		// the wrapper), which reads the clock only on a request the probe measures.
		private static Valve markedEnginePipeline(PhaseValve phaseValve, Valve wrapperValve) {
			StandardEngine engine = new StandardEngine();
			StandardHost host = new StandardHost();
			host.setName("localhost");
			StandardContext context = new StandardContext();
			context.setName("");
			context.setPath("");
			engine.addChild(host);
			host.addChild(context);
			engine.getPipeline().setBasic(wrapperValve);
			engine.getPipeline().addValve(phaseValve);
			List<LifecycleListener> hosts = List.of(context.findLifecycleListeners());
			ValveTiming.timeAfterStart(context);
			// Only the starter's listener hears that the context started: the host's
			// would
			// need a class loader this context has not.
			LifecycleEvent started = new LifecycleEvent(context, Lifecycle.AFTER_START_EVENT, null);
			for (LifecycleListener listener : context.findLifecycleListeners()) {
				if (!hosts.contains(listener)) {
					listener.lifecycleEvent(started);
				}
			}
			Valve first = engine.getPipeline().getFirst();
			if (first != phaseValve || !first.getNext().toString().startsWith("ValveMark")) {
				throw new IllegalStateException(
						"The engine's pipeline is not marked: " + first + ", " + first.getNext());
			}
			return first;
		}

		@TearDown(Level.Trial)
		public void closeStatistics() {
			if (this.statistics != null) {
				this.statistics.close();
			}
		}

		int serve(Connection connection, Blackhole blackhole) throws Exception {
			// Tomcat marks the start when it reads the request line, then runs the valves
			// and reads its clock for the access log once the request is complete, with
			// or without an access log (CoyoteAdapter.service): NONE reads it too.
			connection.coyoteRequest.markStartTime();
			this.first.invoke(connection.request, connection.response);
			long time = System.nanoTime() - connection.coyoteRequest.getStartTimeNanos();
			if (this.phaseValve != null) {
				this.phaseValve.log(connection.request, connection.response, time);
			}
			blackhole.consume(time);
			return connection.response.getStatus();
		}

	}

	/**
	 * One thread's request and response, Tomcat's own, on the route: a connection serves
	 * one request at a time.
	 */
	@State(Scope.Thread)
	public static class Connection {

		private org.apache.coyote.Request coyoteRequest;

		private Request request;

		private Response response;

		@Setup(Level.Trial)
		public void setUp() {
			Connector connector = new Connector("HTTP/1.1");
			this.coyoteRequest = new org.apache.coyote.Request();
			this.coyoteRequest.setMethod("GET");
			this.coyoteRequest.requestURI().setString("/things/1");
			this.coyoteRequest.decodedURI().setString("/things/1");
			this.request = new Request(connector, this.coyoteRequest);
			this.response = new Response(new org.apache.coyote.Response());
			this.request.setResponse(this.response);
			this.response.setRequest(this.request);
			char[] path = "/things/1".toCharArray();
			// The context the request was mapped to, whose listeners hear of its
			// attributes.
			this.request.getMappingData().context = new StandardContext();
			this.request.getMappingData().wrapperPath.setChars(path, 0, path.length);
			// What Spring MVC leaves on the request once it matched the route.
			this.request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, ROUTE);
		}

	}

	/**
	 * What the benchmark runs.
	 */
	public enum Instrumentation {

		/**
		 * Tomcat without the starter.
		 */
		NONE,

		/**
		 * The phase timers only.
		 */
		TIMERS,

		/**
		 * The timers and the endpoint's statistics, steady state.
		 */
		TIMERS_AND_STATISTICS,

		/**
		 * The timers and the statistics while first requests are measured.
		 */
		PROBE_ARMED,

		/**
		 * Tomcat without the starter, with Spring's {@code http.server.requests}
		 * observation.
		 */
		OBSERVATION

	}

	/**
	 * Calls the wrapper as Tomcat's {@code StandardWrapperValve} does: allocate the
	 * servlet, run it through the filter chain (empty, or one filter), deallocate it.
	 */
	static final class WrapperCall extends ValveBase {

		private final Wrapper wrapper;

		private final @Nullable Filter filter;

		WrapperCall(Wrapper wrapper, @Nullable Filter filter) {
			super(true);
			this.wrapper = wrapper;
			this.filter = filter;
		}

		@Override
		public void invoke(Request request, Response response) throws IOException, ServletException {
			Servlet servlet = this.wrapper.allocate();
			try {
				if (this.filter != null) {
					this.filter.doFilter(request.getRequest(), response.getResponse(), servlet::service);
				}
				else {
					servlet.service(request.getRequest(), response.getResponse());
				}
			}
			finally {
				this.wrapper.deallocate(servlet);
			}
		}

	}

	/**
	 * The application's servlet, reduced to answering: the benchmark measures what is
	 * around it.
	 */
	static final class RouteServlet extends GenericServlet {

		@Override
		public void service(ServletRequest request, ServletResponse response) {
			// Spring MVC names the matched pattern to the observation, when there is one.
			ServerHttpObservationFilter.findObservationContext((HttpServletRequest) request)
				.ifPresent((context) -> context.setPathPattern(ROUTE));
		}

	}

}
