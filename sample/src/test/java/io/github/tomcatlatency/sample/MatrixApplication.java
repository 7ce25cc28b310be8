package io.github.tomcatlatency.sample;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The packaged applications {@link ConfigurationMatrixIT} starts, each named by the
 * system property the build sets to its fat jar, with the requests a client sends first:
 * one of its routes, the same without credentials behind HTTP Basic, a route it does not
 * have, and the readiness probe.
 */
enum MatrixApplication {

	/**
	 * The sample: REST routes, springdoc, Prometheus, a configured warm-up request.
	 */
	SAMPLE("sample", "sample.jar", "", "/greetings/first", "application/json", null),

	/**
	 * A REST application with default settings and springdoc.
	 */
	REST_APP("rest-app", "bench.rest-app.jar", "", "/items/1", "application/json", null),

	/**
	 * A server-rendered application: Thymeleaf pages over Spring Data JPA, its own error
	 * page.
	 */
	WEB_APP("web-app", "bench.web-app.jar", "", "/books", "text/html", null),

	/**
	 * A REST application over Spring Data JPA behind Spring Security's HTTP Basic, with
	 * the context path {@code /api} in its own {@code application.properties}.
	 */
	API_APP("api-app", "bench.api-app.jar", "/api", "/books/1", "application/json", "reader:reader-secret");

	private final String displayName;

	private final String jarProperty;

	private final String contextPath;

	private final String route;

	private final String accept;

	private final String credentials;

	MatrixApplication(String displayName, String jarProperty, String contextPath, String route, String accept,
			String credentials) {
		this.displayName = displayName;
		this.jarProperty = jarProperty;
		this.contextPath = contextPath;
		this.route = route;
		this.accept = accept;
		this.credentials = credentials;
	}

	/**
	 * Return the fat jar the build packaged.
	 * @return the jar
	 */
	Path jar() {
		String jar = System.getProperty(this.jarProperty);
		if (jar == null || !Files.isRegularFile(Path.of(jar))) {
			throw new IllegalStateException(
					"System property '" + this.jarProperty + "' must name the packaged " + this + ", was " + jar);
		}
		return Path.of(jar);
	}

	/**
	 * Return the context path the application sets itself, as Boot resolves it.
	 * @return the context path, empty for the root
	 */
	String contextPath() {
		return this.contextPath;
	}

	/**
	 * Return the first requests a client sends, in order, below the servlet path: the
	 * first to a route the application has, the last to the readiness probe, both signed
	 * in where the application needs credentials.
	 * @param actuatorBasePath the actuator's base path
	 * @return the requests
	 */
	List<FirstRequest> firstRequests(String actuatorBasePath) {
		List<FirstRequest> requests = new ArrayList<>();
		requests.add(new FirstRequest(this.route, this.accept, this.credentials));
		if (this.credentials != null) {
			requests.add(new FirstRequest(this.route, this.accept, null));
		}
		requests.add(new FirstRequest("/no-such-route", this.accept, this.credentials));
		requests.add(new FirstRequest(actuatorBasePath + "/health/readiness", "application/json", this.credentials));
		return requests;
	}

	@Override
	public String toString() {
		return this.displayName;
	}

	/**
	 * A request a client sends.
	 *
	 * @param path the path below the servlet path
	 * @param accept the {@code Accept} header
	 * @param credentials {@code user:password} for HTTP Basic, or {@code null}
	 */
	record FirstRequest(String path, String accept, String credentials) {

		@Override
		public String toString() {
			return "GET " + this.path + ((this.credentials != null) ? " (signed in)" : "");
		}

	}

}
