package io.github.tomcatlatency.warmup.internal.routes;

/**
 * The paths of the starter's own warm-up routes, the view they render and the header that
 * tells a request reached them: what the loopback client sends to, the access boundary
 * serves, and the handler runs.
 */
public final class WarmupRoutes {

	/**
	 * Path below the servlet context path under which the warm-up routes live.
	 */
	public static final String PATH_PREFIX = "/tomcat-latency-warmup";

	/**
	 * Path of a route that returns a {@code String} ({@code GET}, parameter
	 * {@code name}).
	 */
	public static final String TEXT_PATH = PATH_PREFIX + "/text";

	/**
	 * Path of a route that returns JSON ({@code GET}) or echoes a JSON body
	 * ({@code POST}).
	 */
	public static final String JSON_PATH = PATH_PREFIX + "/json";

	/**
	 * Path of a static resource.
	 */
	public static final String RESOURCE_PATH = PATH_PREFIX + "/static/warmup.css";

	/**
	 * Name of the view the warm-up renders; the starter ships a template of that name for
	 * Thymeleaf, FreeMarker and Mustache.
	 */
	public static final String VIEW_NAME = "tomcat-latency/warmup";

	/**
	 * Path of a route that renders {@value #VIEW_NAME} with the application's view
	 * resolvers.
	 */
	public static final String VIEW_PATH = PATH_PREFIX + "/view";

	/**
	 * Path of a route that runs the warm-up tasks
	 * ({@link io.github.tomcatlatency.warmup.internal.task.WarmupTask}).
	 */
	public static final String TASKS_PATH = PATH_PREFIX + "/tasks";

	/**
	 * Path of a route that answers 404 through Tomcat's {@code sendError}, for the
	 * application's error page.
	 */
	public static final String NOT_FOUND_PATH = PATH_PREFIX + "/not-found";

	/**
	 * Response header of a warm-up request that reached one of these routes: a built-in
	 * request answered without it was served by something else (another servlet, or the
	 * error page of a path outside the {@code DispatcherServlet}'s mapping) and warmed
	 * nothing.
	 */
	public static final String REACHED_HEADER = "X-Tomcat-Latency-Warmup-Route";

	/**
	 * Return whether a warm-up request's path is that of the route that asks for a 404,
	 * below the {@code DispatcherServlet}'s path.
	 * @param path the request's path below the context path
	 * @return {@code true} for the not-found route
	 */
	public static boolean asksForNotFound(String path) {
		return path.endsWith(NOT_FOUND_PATH);
	}

	private WarmupRoutes() {
	}

}
