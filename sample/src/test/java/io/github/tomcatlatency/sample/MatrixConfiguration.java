package io.github.tomcatlatency.sample;

import java.util.ArrayList;
import java.util.List;

/**
 * A configuration of {@link ConfigurationMatrixIT}: the application arguments it adds and
 * where they move the application's routes, as Boot resolves them.
 *
 * @param name what the configuration is, for the test's name
 * @param arguments the application arguments
 * @param contextPath the context path as Boot resolves it, or {@code null} for the
 * application's own
 * @param servletPath the dispatcher servlet's path as Boot resolves it, empty for the
 * root
 * @param actuatorBasePath the actuator's base path
 * @param address the address the server is bound to
 */
record MatrixConfiguration(String name, List<String> arguments, String contextPath, String servletPath,
		String actuatorBasePath, String address) {

	private static final String LOOPBACK = "127.0.0.1";

	/**
	 * A configuration that moves no route.
	 * @param name what it is
	 * @param arguments its arguments
	 * @return the configuration
	 */
	static MatrixConfiguration of(String name, String... arguments) {
		return new MatrixConfiguration(name, List.of(arguments), null, "", "/actuator", LOOPBACK);
	}

	/**
	 * A context path as a user spells it, which Boot cleans: no trailing slash, the root
	 * empty.
	 * @param spelling the value of {@code server.servlet.context-path}
	 * @return the configuration
	 */
	static MatrixConfiguration contextPath(String spelling) {
		String resolved = spelling.endsWith("/") ? spelling.substring(0, spelling.length() - 1) : spelling;
		return new MatrixConfiguration("context path '" + spelling + "'",
				List.of("--server.servlet.context-path=" + spelling), resolved, "", "/actuator", LOOPBACK);
	}

	/**
	 * A dispatcher servlet path as a user spells it.
	 * @param spelling the value of {@code spring.mvc.servlet.path}
	 * @param resolved the path Boot resolves it to
	 * @return the configuration
	 */
	static MatrixConfiguration servletPath(String spelling, String resolved) {
		return new MatrixConfiguration("servlet path '" + spelling + "'",
				List.of("--spring.mvc.servlet.path=" + spelling), null, resolved, "/actuator", LOOPBACK);
	}

	/**
	 * The actuator moved to another base path.
	 * @param basePath the value of {@code management.endpoints.web.base-path}
	 * @return the configuration
	 */
	static MatrixConfiguration actuatorBasePath(String basePath) {
		return new MatrixConfiguration("actuator base path '" + basePath + "'",
				List.of("--management.endpoints.web.base-path=" + basePath), null, "", basePath, LOOPBACK);
	}

	/**
	 * The server bound to another address.
	 * @param address the value of {@code server.address}
	 * @return the configuration
	 */
	static MatrixConfiguration address(String address) {
		return new MatrixConfiguration("server bound to " + address, List.of(), null, "", "/actuator", address);
	}

	/**
	 * Return the arguments that start an application in this configuration.
	 * @param port the server's port
	 * @return the arguments
	 */
	List<String> arguments(int port) {
		List<String> all = new ArrayList<>(List.of("--server.address=" + this.address, "--server.port=" + port));
		all.addAll(this.arguments);
		return all;
	}

	/**
	 * Return the path below which the application's routes are, for an application.
	 * @param application the application
	 * @return the context path and servlet path, empty for the root
	 */
	String routesPath(MatrixApplication application) {
		return ((this.contextPath != null) ? this.contextPath : application.contextPath()) + this.servletPath;
	}

	@Override
	public String toString() {
		return this.name;
	}

}
