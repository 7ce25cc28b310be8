package io.github.tomcatlatency.warmup.internal.access;

import java.lang.reflect.Method;
import java.util.List;

import io.github.tomcatlatency.warmup.internal.routes.WarmupHandler;
import io.github.tomcatlatency.warmup.internal.routes.WarmupPayload;
import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.io.ClassPathResource;
import org.springframework.util.ReflectionUtils;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.ViewResolver;
import org.springframework.web.servlet.handler.AbstractHandlerMapping;
import org.springframework.web.servlet.resource.ResourceHttpRequestHandler;

/**
 * Maps the starter's own warm-up routes under {@value #PATH_PREFIX}, ordered before every
 * other mapping, for requests of the running warm-up only: any other request, with or
 * without the token, falls through to the application's mappings (and gets its 404). The
 * routes run what every application route shares without calling application code:
 * handler-method invocation with argument resolution, {@code String} and JSON bodies
 * through the application's message converters, a static resource through a
 * {@link ResourceHttpRequestHandler}, and a view rendered by the application's view
 * resolvers. {@link WarmupTask Tasks} run framework work that routes of a kind share,
 * such as a persistence unit's query engine.
 */
public final class WarmupHandlerMapping extends AbstractHandlerMapping {

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
	 * Path of a route that runs the {@link WarmupTask warm-up tasks}.
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

	private static final String ROUTE_ATTRIBUTE = WarmupHandlerMapping.class.getName() + ".route";

	private static final Object ROUTE_MARK = new Object();

	private final WarmupRequestMarker marker;

	private final HandlerMethod text;

	private final HandlerMethod json;

	private final HandlerMethod echo;

	private final HandlerMethod view;

	private final HandlerMethod tasks;

	private final HandlerMethod notFound;

	private final ResourceHttpRequestHandler resources = new ResourceHttpRequestHandler();

	/**
	 * Create a mapping.
	 * @param marker tells the requests of the running warm-up apart
	 * @param viewResolvers the application's view resolvers
	 * @param tasks the framework work to run inside a request
	 * @param taskResults where each task's outcome goes, for the warm-up's result
	 */
	public WarmupHandlerMapping(WarmupRequestMarker marker, ObjectProvider<ViewResolver> viewResolvers,
			ObjectProvider<WarmupTask> tasks, WarmupTaskResults taskResults) {
		this.marker = marker;
		WarmupHandler handler = new WarmupHandler(viewResolvers, tasks, taskResults);
		this.text = handlerMethod(handler, "text", String.class);
		this.json = handlerMethod(handler, "json");
		this.echo = handlerMethod(handler, "echo", WarmupPayload.class);
		this.tasks = handlerMethod(handler, "tasks");
		this.notFound = handlerMethod(handler, "notFound", HttpServletResponse.class);
		this.view = handlerMethod(handler, "view", HttpServletRequest.class, HttpServletResponse.class);
		this.resources.setLocations(List.of(new ClassPathResource("io/github/tomcatlatency/warmup/static/")));
		setInterceptors(new ReachedInterceptor());
		setOrder(Ordered.HIGHEST_PRECEDENCE);
	}

	private static HandlerMethod handlerMethod(WarmupHandler handler, String name, Class<?>... parameterTypes) {
		Method method = ReflectionUtils.findMethod(WarmupHandler.class, name, parameterTypes);
		if (method == null) {
			throw new IllegalStateException("No warm-up handler method " + name);
		}
		return new HandlerMethod(handler, method);
	}

	@Override
	protected void initApplicationContext() {
		super.initApplicationContext();
		ServletContext servletContext = getServletContext();
		if (servletContext != null) {
			this.resources.setServletContext(servletContext);
		}
		this.resources.setApplicationContext(obtainApplicationContext());
		try {
			this.resources.afterPropertiesSet();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Cannot set up the warm-up's resource handler", ex);
		}
	}

	@Override
	protected void detectMappedInterceptors(List<HandlerInterceptor> mappedInterceptors) {
		// Interceptors are application code: the warm-up routes run none.
	}

	@Override
	protected @Nullable Object getHandlerInternal(HttpServletRequest request) {
		if (!this.marker.isRunningWarmupRequest(request)) {
			return null;
		}
		// Below the DispatcherServlet's mapping, decoded and normalized by Tomcat.
		String path = initLookupPath(request);
		String method = request.getMethod();
		if ("GET".equals(method)) {
			return switch (path) {
				case TEXT_PATH -> this.text;
				case JSON_PATH -> this.json;
				case VIEW_PATH -> this.view;
				case TASKS_PATH -> this.tasks;
				case NOT_FOUND_PATH -> this.notFound;
				case RESOURCE_PATH -> resource(request, path);
				default -> null;
			};
		}
		return ("POST".equals(method) && JSON_PATH.equals(path)) ? this.echo : null;
	}

	/**
	 * Return whether a request is for one of the warm-up routes, or is the error dispatch
	 * of one. Asked of each dispatch of a request of the running warm-up: the first one
	 * marks the request, which its error dispatch is matched by.
	 * @param request the servlet request
	 * @return {@code true} for a request below {@value #PATH_PREFIX}
	 */
	public static boolean isWarmupRoute(HttpServletRequest request) {
		DispatcherType dispatcherType = request.getDispatcherType();
		if (dispatcherType == DispatcherType.ERROR) {
			// Not the error's request URI, which is neither decoded nor normalized and
			// includes the servlet's mapping.
			return request.getAttribute(ROUTE_ATTRIBUTE) == ROUTE_MARK;
		}
		// The path below the servlet's mapping (spring.mvc.servlet.path), as Tomcat
		// decoded and normalized it.
		String path = (request.getPathInfo() != null) ? request.getPathInfo() : request.getServletPath();
		boolean warmupRoute = path.startsWith(PATH_PREFIX + "/");
		if (warmupRoute && dispatcherType == DispatcherType.REQUEST) {
			request.setAttribute(ROUTE_ATTRIBUTE, ROUTE_MARK);
		}
		return warmupRoute;
	}

	/**
	 * Return whether a warm-up request's path is that of the route that asks for a 404,
	 * below the {@code DispatcherServlet}'s path.
	 * @param path the request's path below the context path
	 * @return {@code true} for the not-found route
	 */
	public static boolean asksForNotFound(String path) {
		return path.endsWith(NOT_FOUND_PATH);
	}

	private ResourceHttpRequestHandler resource(HttpServletRequest request, String path) {
		request.setAttribute(HandlerMapping.PATH_WITHIN_HANDLER_MAPPING_ATTRIBUTE,
				path.substring(path.lastIndexOf('/') + 1));
		return this.resources;
	}

	/**
	 * Tells the warm-up that its request reached one of these routes.
	 */
	private static final class ReachedInterceptor implements HandlerInterceptor {

		@Override
		public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
			response.setHeader(REACHED_HEADER, "true");
			return true;
		}

	}

}
