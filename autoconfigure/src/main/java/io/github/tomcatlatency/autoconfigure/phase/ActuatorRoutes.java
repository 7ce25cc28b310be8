package io.github.tomcatlatency.autoconfigure.phase;

import java.util.List;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;

/**
 * Tells whether a route belongs to an actuator endpoint served by the application's
 * {@code DispatcherServlet}. Resolves the endpoints on first use, after start-up, and is
 * asked once per route.
 */
final class ActuatorRoutes implements Predicate<String> {

	private final ObjectProvider<PathMappedEndpoints> pathMappedEndpoints;

	private volatile @Nullable List<String> paths;

	ActuatorRoutes(ObjectProvider<PathMappedEndpoints> pathMappedEndpoints) {
		this.pathMappedEndpoints = pathMappedEndpoints;
	}

	@Override
	public boolean test(String route) {
		for (String path : paths()) {
			if (route.equals(path) || route.startsWith(path + "/")) {
				return true;
			}
		}
		return false;
	}

	private List<String> paths() {
		List<String> paths = this.paths;
		if (paths == null) {
			PathMappedEndpoints endpoints = this.pathMappedEndpoints.getIfAvailable();
			if (endpoints == null) {
				paths = List.of();
			}
			else {
				// The base path alone serves the links endpoint; "/" would match
				// everything.
				String basePath = endpoints.getBasePath();
				paths = (basePath.isEmpty() || basePath.equals("/")) ? List.copyOf(endpoints.getAllPaths())
						: List.of(basePath);
			}
			this.paths = paths;
		}
		return paths;
	}

}
