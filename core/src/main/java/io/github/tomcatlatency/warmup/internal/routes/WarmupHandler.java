package io.github.tomcatlatency.warmup.internal.routes;

import java.io.IOException;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

import io.github.tomcatlatency.warmup.internal.task.ParallelWarmup;
import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.View;
import org.springframework.web.servlet.ViewResolver;
import org.springframework.web.servlet.support.RequestContextUtils;

/**
 * The handler methods of the starter's own {@link WarmupRoutes warm-up routes}: each runs
 * one of the paths that the application's own handler methods share.
 */
@ResponseBody
public final class WarmupHandler {

	private static final Log logger = LogFactory.getLog(WarmupHandler.class);

	private static final int VIEW_ROWS = 100;

	private final ObjectProvider<ViewResolver> viewResolvers;

	private final ObjectProvider<WarmupTask> tasks;

	private final WarmupTaskResults taskResults;

	public WarmupHandler(ObjectProvider<ViewResolver> viewResolvers, ObjectProvider<WarmupTask> tasks,
			WarmupTaskResults taskResults) {
		this.viewResolvers = viewResolvers;
		this.tasks = tasks;
		this.taskResults = taskResults;
	}

	String text(@RequestParam("name") String name) {
		return "Hello, " + name + "!";
	}

	WarmupPayload json() {
		return new WarmupPayload("warm-up", 3, List.of("a", "b"), Instant.now());
	}

	WarmupPayload echo(@RequestBody WarmupPayload payload) {
		return payload;
	}

	void notFound(HttpServletResponse response) throws IOException {
		// Tomcat forwards to the error page as for any 404, and no exception is thrown
		// that the application's exception handlers would see.
		response.sendError(HttpServletResponse.SC_NOT_FOUND);
	}

	String tasks() {
		StringBuilder ran = new StringBuilder();
		// The wait for the background work last: that work started with the application,
		// and the other tasks run meanwhile instead of after it.
		List<WarmupTask> tasks = this.tasks.orderedStream()
			.sorted(Comparator.comparing((task) -> task instanceof ParallelWarmup))
			.toList();
		for (WarmupTask task : tasks) {
			long start = System.nanoTime();
			Throwable failure = null;
			try {
				task.run();
				ran.append(task.name()).append(' ');
			}
			catch (Exception | LinkageError ex) {
				// A LinkageError: a library version the task does not know. Skipping it
				// costs a colder route; failing would log an error in the application.
				failure = ex;
			}
			this.taskResults.record(task.name(), System.nanoTime() - start, failure);
		}
		return ran.toString().trim();
	}

	void view(HttpServletRequest request, HttpServletResponse response) {
		Locale locale = RequestContextUtils.getLocale(request);
		// A page of rows: the template's per-row work (iteration, expressions, links,
		// escaping) runs often enough for the JIT to compile it, as list pages need.
		Instant now = Instant.now();
		List<WarmupPayload> items = IntStream.range(0, VIEW_ROWS)
			.mapToObj((row) -> new WarmupPayload("row-" + row, row, List.of("a", "b"), now))
			.toList();
		Map<String, Object> model = Map.of("greeting", "warm-up", "items", items);
		try {
			View view = resolve(locale);
			if (view == null) {
				logger.debug("No view resolver resolves " + WarmupRoutes.VIEW_NAME + ": the warm-up renders no view");
				response.setStatus(HttpServletResponse.SC_NO_CONTENT);
				return;
			}
			view.render(model, request, response);
		}
		catch (Exception ex) {
			// A view technology that cannot render this view is no reason to fail, nor to
			// log an error in the application's log.
			logger.debug("The warm-up could not render " + WarmupRoutes.VIEW_NAME + "; view warm-up skipped", ex);
			if (!response.isCommitted()) {
				// The view's headers go, the route's own stays: the route was reached.
				response.reset();
				response.setHeader(WarmupRoutes.REACHED_HEADER, "true");
				response.setStatus(HttpServletResponse.SC_NO_CONTENT);
			}
		}
	}

	private @Nullable View resolve(Locale locale) throws Exception {
		for (ViewResolver resolver : this.viewResolvers.orderedStream().toList()) {
			View view = resolver.resolveViewName(WarmupRoutes.VIEW_NAME, locale);
			if (view != null) {
				return view;
			}
		}
		return null;
	}

}
