package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties.Warmup;
import io.github.tomcatlatency.warmup.MvcRouteDiscovery;
import io.github.tomcatlatency.warmup.WarmupRequest;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Assembles the warm-up requests once the application has started: the built-in ones that
 * touch only the framework, the configured ones, then the discovered routes.
 */
final class WarmupRequests implements Supplier<List<WarmupRequest>> {

	/**
	 * A path no application maps, so that Spring MVC's not-found handling and the error
	 * page run.
	 */
	static final String UNMATCHED_PATH = "/tomcat-latency-warmup/not-found";

	private final Warmup properties;

	private final ObjectProvider<FrameworkRoutes> frameworkRoutes;

	private final ObjectProvider<RequestMappingHandlerMapping> handlerMappings;

	WarmupRequests(Warmup properties, ObjectProvider<FrameworkRoutes> frameworkRoutes,
			ObjectProvider<RequestMappingHandlerMapping> handlerMappings) {
		this.properties = properties;
		this.frameworkRoutes = frameworkRoutes;
		this.handlerMappings = handlerMappings;
	}

	@Override
	public List<WarmupRequest> get() {
		List<WarmupRequest> requests = new ArrayList<>();
		if (this.properties.isFrameworkRequests()) {
			requests.add(WarmupRequest.get(UNMATCHED_PATH));
			this.frameworkRoutes.orderedStream().forEach((routes) -> requests.addAll(routes.get()));
		}
		for (Warmup.Request request : this.properties.getRequests()) {
			requests.add(new WarmupRequest(request.getMethod(), request.getPath(), request.getHeaders(),
					request.getBody(), request.getRepetitions()));
		}
		// A training run happens in a build, against build-time resources.
		if (this.properties.isDiscoverRoutes() || this.properties.isTraining()) {
			this.handlerMappings.orderedStream()
				.forEach((mapping) -> requests.addAll(MvcRouteDiscovery.getRoutes(mapping)));
		}
		return requests;
	}

	/**
	 * Built-in requests contributed by optional parts of the framework.
	 */
	@FunctionalInterface
	interface FrameworkRoutes extends Supplier<List<WarmupRequest>> {

	}

}
