package io.github.tomcatlatency.phase.internal;

import io.github.tomcatlatency.phase.Phase;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletException;
import org.apache.catalina.core.StandardWrapper;
import org.jspecify.annotations.Nullable;

/**
 * Tomcat {@link org.apache.catalina.Wrapper} that marks where {@link Phase#FILTERS} and
 * {@link Phase#MVC} begin and end without adding filters to the chain. Tomcat allocates
 * the servlet right before it builds and runs the filter chain of a dispatch, and
 * deallocates it right after, for requests, asynchronous and error dispatches, forwards
 * and includes alike: those two calls bound the filters. The servlet it hands out is a
 * {@link MvcBoundaryServlet} around the application's servlet, one call deep, which
 * bounds the servlet. A filter at each boundary would add two calls to every request's
 * stack, and a deeper stack is one the JIT inlines less of.
 * <p>
 * Set as a context's {@link org.apache.catalina.core.StandardContext#setWrapperClass
 * wrapper class}, so Tomcat creates it with the public no-argument constructor.
 */
public class PhaseWrapper extends StandardWrapper {

	private volatile @Nullable MvcBoundaryServlet boundary;

	@Override
	public Servlet allocate() throws ServletException {
		Servlet servlet = super.allocate();
		PhaseClock clock = PhaseClock.current();
		if (clock != null) {
			clock.enter(Phase.FILTERS, System.nanoTime());
		}
		MvcBoundaryServlet boundary = this.boundary;
		if (boundary == null || boundary.servlet() != servlet) {
			// Once per servlet instance: a reload replaces the instance.
			boundary = new MvcBoundaryServlet(servlet);
			this.boundary = boundary;
		}
		return boundary;
	}

	@Override
	public void deallocate(Servlet servlet) throws ServletException {
		PhaseClock clock = PhaseClock.current();
		if (clock != null) {
			clock.exit(Phase.FILTERS, System.nanoTime());
		}
		super.deallocate((servlet instanceof MvcBoundaryServlet mvcBoundary) ? mvcBoundary.servlet() : servlet);
	}

}
