package io.github.tomcatlatency.warmup.internal.access;

import java.lang.reflect.Method;
import java.util.List;

import io.github.tomcatlatency.warmup.internal.routes.WarmupHandler;
import io.github.tomcatlatency.warmup.internal.routes.WarmupPayload;
import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.core.Ordered;
import org.springframework.core.io.ClassPathResource;
import org.springframework.util.ReflectionUtils;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.handler.AbstractHandlerMapping;
import org.springframework.web.servlet.resource.ResourceHttpRequestHandler;

/**
 * Maps the starter's own warm-up routes under {@value WarmupRoutes#PATH_PREFIX}, ordered
 * before every other mapping, for requests of the running warm-up only: any other
 * request, with or without the token, falls through to the application's mappings (and
 * gets its 404). The routes run what every application route shares without calling
 * application code: handler-method invocation with argument resolution, {@code String}
 * and JSON bodies through the application's message converters, a static resource through
 * a {@link ResourceHttpRequestHandler}, and a view rendered by the application's view
 * resolvers. Its tasks route runs framework work that routes of a kind share, such as a
 * persistence unit's query engine.
 */
public final class WarmupHandlerMapping extends AbstractHandlerMapping {

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
	 * @param handler what the routes run
	 */
	public WarmupHandlerMapping(WarmupRequestMarker marker, WarmupHandler handler) {
		this.marker = marker;
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
				case WarmupRoutes.TEXT_PATH -> this.text;
				case WarmupRoutes.JSON_PATH -> this.json;
				case WarmupRoutes.VIEW_PATH -> this.view;
				case WarmupRoutes.TASKS_PATH -> this.tasks;
				case WarmupRoutes.NOT_FOUND_PATH -> this.notFound;
				case WarmupRoutes.RESOURCE_PATH -> resource(request, path);
				default -> null;
			};
		}
		return ("POST".equals(method) && WarmupRoutes.JSON_PATH.equals(path)) ? this.echo : null;
	}

	/**
	 * Return whether a request is for one of the warm-up routes, or is the error dispatch
	 * of one. Asked of each dispatch of a request of the running warm-up: the first one
	 * marks the request, which its error dispatch is matched by.
	 * @param request the servlet request
	 * @return {@code true} for a request below {@value WarmupRoutes#PATH_PREFIX}
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
		boolean warmupRoute = path.startsWith(WarmupRoutes.PATH_PREFIX + "/");
		if (warmupRoute && dispatcherType == DispatcherType.REQUEST) {
			request.setAttribute(ROUTE_ATTRIBUTE, ROUTE_MARK);
		}
		return warmupRoute;
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
			response.setHeader(WarmupRoutes.REACHED_HEADER, "true");
			return true;
		}

	}

}
