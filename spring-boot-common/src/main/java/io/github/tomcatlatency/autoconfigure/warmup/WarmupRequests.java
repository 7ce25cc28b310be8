package io.github.tomcatlatency.autoconfigure.warmup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties.Warmup;
import io.github.tomcatlatency.warmup.WarmupRequest;
import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.internal.access.WarmupHandlerMapping;
import io.github.tomcatlatency.warmup.internal.discovery.MvcRouteDiscovery;
import io.github.tomcatlatency.warmup.internal.replay.TrainedRouteReplay;
import io.github.tomcatlatency.warmup.internal.routes.WarmupPayload;
import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.template.TemplateAvailabilityProviders;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.servlet.function.support.RouterFunctionMapping;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Assembles the warm-up requests once the application has started: the built-in ones that
 * touch only the framework, the configured ones, then the discovered routes.
 */
final class WarmupRequests implements Supplier<List<WarmupRequest>> {

	private static final Log logger = LogFactory.getLog(WarmupRequests.class);

	private static final Map<String, String> ACCEPT_JSON = Map.of(HttpHeaders.ACCEPT, MediaType.APPLICATION_JSON_VALUE);

	private static final Map<String, String> ACCEPT_HTML = Map.of(HttpHeaders.ACCEPT, MediaType.TEXT_HTML_VALUE);

	// The view is rendered once before readiness, as a first page needs, and this many
	// times after it: with them a page's per-row work (iteration, expressions, links,
	// escaping) reaches the JIT's thresholds, but before readiness they held it back
	// by more than they took off a page's first request.
	private static final int VIEW_REPETITIONS_AFTER_READINESS = 2;

	private final Warmup properties;

	private final ConfigurableApplicationContext context;

	private final ObjectProvider<FrameworkRoutes> frameworkRoutes;

	private final ObjectProvider<RequestMappingHandlerMapping> handlerMappings;

	private final ObjectProvider<FrameworkDiscovery> frameworkDiscoveries;

	private final ObjectProvider<WarmupTask> tasks;

	private final ObjectProvider<AnonymousAccess> anonymousAccess;

	private final ObjectProvider<AddressRestriction> addressRestrictions;

	private final Supplier<@Nullable Path> cacheDirectory;

	// Written by the warm-up's thread as it asks for the requests, read once it has sent
	// them.
	private volatile List<String> leftOut = List.of();

	// Asked for the requests before readiness and for those after it: Boot's providers
	// cache what they found.
	private final TemplateAvailabilityProviders templates;

	WarmupRequests(Warmup properties, ConfigurableApplicationContext context,
			ObjectProvider<FrameworkRoutes> frameworkRoutes,
			ObjectProvider<RequestMappingHandlerMapping> handlerMappings,
			ObjectProvider<FrameworkDiscovery> frameworkDiscoveries, ObjectProvider<WarmupTask> tasks,
			ObjectProvider<AnonymousAccess> anonymousAccess, ObjectProvider<AddressRestriction> addressRestrictions,
			Supplier<@Nullable Path> cacheDirectory) {
		this.properties = properties;
		this.addressRestrictions = addressRestrictions;
		this.cacheDirectory = cacheDirectory;
		this.frameworkDiscoveries = frameworkDiscoveries;
		this.anonymousAccess = anonymousAccess;
		this.context = context;
		this.templates = new TemplateAvailabilityProviders(context);
		this.tasks = tasks;
		this.frameworkRoutes = frameworkRoutes;
		this.handlerMappings = handlerMappings;
	}

	@Override
	public List<WarmupRequest> get() {
		this.leftOut = List.of();
		List<WarmupRequest> requests = new ArrayList<>();
		if (this.properties.isFrameworkRequests()) {
			// A training run records every path into its cache: nothing waits for later.
			if (this.properties.isTraining()) {
				requests.addAll(belowDispatcherServlet(sentAfterReadiness()));
			}
			requests.addAll(belowDispatcherServlet(builtIn()));
		}
		// Configured paths are below the context path, as the application's users see
		// them.
		for (Warmup.Request request : this.properties.getRequests()) {
			requests.add(new WarmupRequest(Origin.CONFIGURED, request.getMethod().name(), request.getPath(),
					request.getHeaders(), request.getBody(), request.getRepetitions()));
		}
		// A training run happens in a build, against build-time resources.
		if (this.properties.isDiscoverRoutes() || this.properties.isTraining()) {
			List<RequestMappingHandlerMapping> controllers = this.handlerMappings.orderedStream().toList();
			List<String> excludes = this.properties.getExclude();
			int repetitions = this.properties.getDiscoverRepetitions();
			List<WarmupRequest> discovered = new ArrayList<>();
			controllers
				.forEach((mapping) -> discovered.addAll(MvcRouteDiscovery.getRoutes(mapping, excludes, repetitions)));
			this.frameworkDiscoveries.orderedStream()
				.forEach((discovery) -> discovered.addAll(discovery.getRoutes(controllers, excludes, repetitions)));
			requests.addAll(reachableFromOtherHosts(belowDispatcherServlet(discovered)));
		}
		// Last: a route configured or discovered as well is sent once.
		if (this.properties.isReplayTraining() && !this.properties.isTraining()) {
			requests.addAll(reachableFromOtherHosts(trainedRoutes(requests)));
		}
		return requests;
	}

	/**
	 * Return the routes that the application lets through from another host as it does
	 * from this one: discovery and replay never send a route its users could not reach.
	 * @param routes discovered or replayed routes, their paths below the context path
	 * @return the routes to send
	 */
	private List<WarmupRequest> reachableFromOtherHosts(List<WarmupRequest> routes) {
		List<AddressRestriction> restrictions = this.addressRestrictions.orderedStream().toList();
		if (routes.isEmpty() || restrictions.isEmpty()) {
			return routes;
		}
		List<WarmupRequest> reachable = new ArrayList<>();
		List<String> leftOut = new ArrayList<>(this.leftOut);
		for (WarmupRequest route : routes) {
			String reason = restrictions.stream()
				.map((restriction) -> restriction.restriction(route.method(), route.path()))
				.filter(Objects::nonNull)
				.findFirst()
				.orElse(null);
			if (reason == null) {
				reachable.add(route);
			}
			else {
				String notSent = route.method() + " " + route.path() + ": " + reason;
				logger.debug("Not sending " + notSent);
				leftOut.add(notSent);
			}
		}
		this.leftOut = List.copyOf(leftOut);
		return reachable;
	}

	/**
	 * Return the discovered or replayed routes that were left out because the application
	 * may not let them through from another host, each with why, once the requests have
	 * been asked for.
	 * @return the routes left out, each as {@code "GET /path: why"}
	 */
	List<String> leftOut() {
		return this.leftOut;
	}

	/**
	 * Return the routes the training run of the JVM's cache recorded, other than those
	 * already asked for (configured or discovered) and the libraries' (springdoc's
	 * documents, the actuator's health), which follow readiness in the background as they
	 * do at the defaults; none, with one warning naming the property, when the record
	 * cannot be read.
	 * @param requests the requests so far
	 * @return the routes to send again
	 */
	private List<WarmupRequest> trainedRoutes(List<WarmupRequest> requests) {
		Path cacheDirectory = this.cacheDirectory.get();
		if (cacheDirectory == null) {
			logger.debug("No training recorded routes to send again: the JVM runs without an AOT cache or CDS archive");
			return List.of();
		}
		String servletPath = servletPath();
		List<String> libraryPaths = libraryRoutes().map((route) -> servletPath + route.path()).toList();
		try {
			return TrainedRouteReplay
				.getRoutes(cacheDirectory, servletPath, this.properties.getExclude(),
						this.properties.getDiscoverRepetitions())
				.stream()
				.filter((trained) -> libraryPaths.stream().noneMatch(trained.path()::startsWith))
				.filter((trained) -> requests.stream()
					.noneMatch((request) -> request.method().equals(trained.method())
							&& request.path().equals(trained.path())))
				.toList();
		}
		catch (IOException ex) {
			logger.warn("Tomcat warm-up does not send the routes its training recorded: " + ex.getMessage()
					+ " (tomcat-latency.warmup.replay-training=false switches this off)");
			return List.of();
		}
	}

	/**
	 * Return requests whose paths are Spring MVC's, below the {@code DispatcherServlet}'s
	 * mapping, with their paths below the context path:
	 * {@code spring.mvc.servlet.path=/api} puts {@code /api} before each.
	 * @param requests the requests
	 * @return the requests the warm-up sends
	 */
	private List<WarmupRequest> belowDispatcherServlet(List<WarmupRequest> requests) {
		String prefix = servletPath();
		if (prefix.isEmpty()) {
			return requests;
		}
		return requests.stream()
			.map((request) -> new WarmupRequest(request.origin(), request.method(), prefix + request.path(),
					request.headers(), request.body(), request.repetitions()))
			.toList();
	}

	/**
	 * Return the {@code DispatcherServlet}'s path below the context path, as the running
	 * servlet context maps it: Spring Boot has cleaned {@code spring.mvc.servlet.path}
	 * ({@code /api/} and {@code /api} both map {@code /api/*}).
	 * @return the path, starting with a slash, or empty when it serves the root
	 */
	private String servletPath() {
		if (!(this.context instanceof WebApplicationContext webContext) || webContext.getServletContext() == null) {
			return "";
		}
		return DispatcherServletMapping.prefix(Objects.requireNonNull(webContext.getServletContext()));
	}

	/**
	 * Return the built-in requests that successful first requests do not need, sent after
	 * the application is ready, in the background.
	 * @return the requests, empty in a training run, which sends them before
	 */
	List<WarmupRequest> background() {
		if (!this.properties.isFrameworkRequests() || this.properties.isTraining()) {
			return List.of();
		}
		return belowDispatcherServlet(sentAfterReadiness());
	}

	/**
	 * The repetitions of the starter's view, the application's error page as JSON and as
	 * HTML, when only the framework's code serves it, then the libraries' routes that
	 * wait for readiness: a successful first request needs none of them.
	 * @return the requests
	 */
	private List<WarmupRequest> sentAfterReadiness() {
		List<WarmupRequest> requests = new ArrayList<>();
		if (rendersWarmupView()) {
			requests.add(viewRequest(VIEW_REPETITIONS_AFTER_READINESS));
		}
		String applicationErrorHandling = ErrorPageCode.applicationCode(this.context.getBeanFactory());
		if (applicationErrorHandling == null) {
			requests.add(builtIn("GET", WarmupRoutes.NOT_FOUND_PATH, ACCEPT_JSON, null));
			// The HTML error page runs the application's template engine, layout and
			// messages.
			requests.add(builtIn("GET", WarmupRoutes.NOT_FOUND_PATH, ACCEPT_HTML, null));
		}
		else {
			logger.debug("The error page is not warmed up: the application's " + applicationErrorHandling
					+ " would serve it");
		}
		requests.addAll(frameworkRoutes());
		return requests;
	}

	/**
	 * Return the libraries' routes that a request without credentials may reach: the
	 * warm-up carries none, and a refusal is logged by some applications' security.
	 * @return the routes
	 */
	private List<WarmupRequest> frameworkRoutes() {
		AnonymousAccess access = this.anonymousAccess.getIfAvailable(() -> AnonymousAccess.PERMITTED);
		String servletPath = servletPath();
		List<WarmupRequest> permitted = new ArrayList<>();
		libraryRoutes().forEach((request) -> {
			if (access.permits(request.method(), servletPath + request.path())) {
				permitted.add(request);
			}
			else {
				logger.debug("Not warming " + request.method() + " " + request.path()
						+ ": the application's security lets no request without credentials through");
			}
		});
		return permitted;
	}

	private Stream<WarmupRequest> libraryRoutes() {
		return this.frameworkRoutes.orderedStream().flatMap((routes) -> routes.get().stream());
	}

	/**
	 * The starter's own routes, served by {@link WarmupHandlerMapping}, that run the code
	 * a successful first request runs.
	 * @return the requests
	 */
	private List<WarmupRequest> builtIn() {
		// The longest first, so that the lanes they run on end together.
		List<WarmupRequest> requests = new ArrayList<>();
		if (this.tasks.orderedStream().findAny().isPresent()) {
			requests.add(builtIn("GET", WarmupRoutes.TASKS_PATH, Map.of(), null));
		}
		requests.add(builtIn("GET", WarmupRoutes.TEXT_PATH + "?name=warm-up", Map.of(), null));
		JsonBodies jsonBodies = JsonBodies.of(this.handlerMappings,
				this.context.getBeanProvider(RouterFunctionMapping.class));
		if (jsonBodies.written()) {
			requests.add(builtIn("GET", WarmupRoutes.JSON_PATH, ACCEPT_JSON, null));
		}
		else {
			logger.debug("No handler method of the application writes a JSON body: the JSON response is not warmed");
		}
		if (jsonBodies.read()) {
			requests
				.add(builtIn(
						"POST", WarmupRoutes.JSON_PATH, Map.of(HttpHeaders.CONTENT_TYPE,
								MediaType.APPLICATION_JSON_VALUE, HttpHeaders.ACCEPT, MediaType.APPLICATION_JSON_VALUE),
						WarmupPayload.SAMPLE_JSON));
		}
		else {
			logger.debug("No handler method of the application reads a JSON body: the JSON request body is not warmed");
		}
		requests.add(builtIn("GET", WarmupRoutes.RESOURCE_PATH, Map.of(), null));
		if (rendersWarmupView()) {
			requests.add(viewRequest(1));
		}
		else {
			logger.debug("No template engine that the warm-up can render (Thymeleaf, FreeMarker, Mustache) finds "
					+ WarmupRoutes.VIEW_NAME + "; views, JSP among them, are warmed by the error page only");
		}
		return requests;
	}

	private boolean rendersWarmupView() {
		return this.templates.getProvider(WarmupRoutes.VIEW_NAME, this.context) != null;
	}

	private static WarmupRequest viewRequest(int repetitions) {
		return new WarmupRequest(Origin.BUILT_IN, "GET", WarmupRoutes.VIEW_PATH, ACCEPT_HTML, null, repetitions);
	}

	private static WarmupRequest builtIn(String method, String path, Map<String, String> headers,
			@Nullable String body) {
		return new WarmupRequest(Origin.BUILT_IN, method, path, headers, body, 1);
	}

	/**
	 * Built-in requests to the routes of optional parts of the framework (the actuator,
	 * springdoc): no successful first request of the application needs them, so they are
	 * sent after the application is ready, in the background.
	 */
	@FunctionalInterface
	interface FrameworkRoutes extends Supplier<List<WarmupRequest>> {

	}

	/**
	 * Route discovery for a library whose routes call the application's code, as its
	 * controllers do (Spring Data REST's repositories): sent only where discovery is.
	 */
	@FunctionalInterface
	interface FrameworkDiscovery {

		/**
		 * Return the library's routes that discovery may call.
		 * @param controllers the application's annotated-controller mappings, which serve
		 * a path before the library does
		 * @param excludes the path patterns of {@code tomcat-latency.warmup.exclude}
		 * @param repetitions how many times to send each
		 * @return the requests
		 */
		List<WarmupRequest> getRoutes(List<RequestMappingHandlerMapping> controllers, List<String> excludes,
				int repetitions);

	}

}
