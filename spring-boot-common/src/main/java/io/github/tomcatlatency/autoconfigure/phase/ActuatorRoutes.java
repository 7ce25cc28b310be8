package io.github.tomcatlatency.autoconfigure.phase;

import java.util.List;
import java.util.function.Supplier;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;

/**
 * The paths, relative to the application's {@code DispatcherServlet}, of the actuator
 * endpoints it serves, whose requests are dropped. Resolved on first use, after start-up.
 */
final class ActuatorRoutes implements Supplier<List<String>> {

	private final ObjectProvider<PathMappedEndpoints> pathMappedEndpoints;

	ActuatorRoutes(ObjectProvider<PathMappedEndpoints> pathMappedEndpoints) {
		this.pathMappedEndpoints = pathMappedEndpoints;
	}

	@Override
	public List<String> get() {
		PathMappedEndpoints endpoints = this.pathMappedEndpoints.getIfAvailable();
		if (endpoints == null) {
			return List.of();
		}
		// The base path alone serves the links endpoint; "/" would match everything.
		String basePath = endpoints.getBasePath();
		return (basePath.isEmpty() || basePath.equals("/")) ? List.copyOf(endpoints.getAllPaths()) : List.of(basePath);
	}

}
