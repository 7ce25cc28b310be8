package io.github.tomcatlatency.phase;

import java.io.IOException;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;

import org.springframework.web.servlet.HandlerMapping;

/**
 * Servlet {@link Filter} that marks where a {@link Phase} begins and ends. Registered
 * twice: first in the chain for {@link Phase#FILTERS}, last in the chain for
 * {@link Phase#MVC} (everything after the last filter is the servlet). Outside a dispatch
 * timed by {@link PhaseValve}, for example under MockMvc, it only passes the request on.
 */
public final class PhaseBoundaryFilter implements Filter {

	private final Phase phase;

	/**
	 * Create a filter that marks the given phase.
	 * @param phase {@link Phase#FILTERS} or {@link Phase#MVC}
	 */
	public PhaseBoundaryFilter(Phase phase) {
		if (phase == Phase.CONTAINER) {
			throw new IllegalArgumentException("The container phase has no filter boundary");
		}
		this.phase = phase;
	}

	@Override
	public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		PhaseClock clock = PhaseClock.current();
		if (clock == null) {
			chain.doFilter(request, response);
			return;
		}
		if (!clock.enter(this.phase, System.nanoTime())) {
			// A forward or include from inside the phase: the outer request's route is
			// still set.
			captureRoute(clock, request);
		}
		try {
			chain.doFilter(request, response);
		}
		finally {
			if (clock.exit(this.phase, System.nanoTime())) {
				captureRoute(clock, request);
			}
		}
	}

	private void captureRoute(PhaseClock clock, ServletRequest request) {
		// An error dispatch's route is /error, not the route of the request that failed.
		if (this.phase == Phase.MVC && request.getDispatcherType() != DispatcherType.ERROR
				&& request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE) instanceof String route) {
			clock.captureRoute(route);
		}
	}

}
