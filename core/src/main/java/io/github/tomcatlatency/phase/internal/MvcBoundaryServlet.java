package io.github.tomcatlatency.phase.internal;

import java.io.IOException;

import io.github.tomcatlatency.phase.Phase;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;

import org.springframework.web.servlet.HandlerMapping;

/**
 * The servlet a {@link PhaseWrapper} hands to the filter chain: marks where
 * {@link Phase#MVC} begins and ends around the application's servlet and keeps the route
 * it matched. Tomcat initialises and destroys the application's servlet itself; this one
 * only serves.
 */
final class MvcBoundaryServlet implements Servlet {

	private final Servlet servlet;

	MvcBoundaryServlet(Servlet servlet) {
		this.servlet = servlet;
	}

	Servlet servlet() {
		return this.servlet;
	}

	@Override
	public void service(ServletRequest request, ServletResponse response) throws ServletException, IOException {
		PhaseClock clock = PhaseClock.current();
		if (clock == null) {
			this.servlet.service(request, response);
			return;
		}
		if (!clock.enter(Phase.MVC, System.nanoTime())) {
			// A forward or include from inside the servlet: the outer request's route is
			// still set.
			captureRoute(clock, request);
		}
		try {
			this.servlet.service(request, response);
		}
		finally {
			if (clock.exit(Phase.MVC, System.nanoTime())) {
				captureRoute(clock, request);
			}
		}
	}

	private static void captureRoute(PhaseClock clock, ServletRequest request) {
		// An error dispatch's route is /error, not the route of the request that failed.
		if (request.getDispatcherType() != DispatcherType.ERROR
				&& request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE) instanceof String route) {
			clock.captureRoute(route);
		}
	}

	@Override
	public void init(ServletConfig config) throws ServletException {
		this.servlet.init(config);
	}

	@Override
	public ServletConfig getServletConfig() {
		return this.servlet.getServletConfig();
	}

	@Override
	public String getServletInfo() {
		return this.servlet.getServletInfo();
	}

	@Override
	public void destroy() {
		this.servlet.destroy();
	}

}
