package io.github.tomcatlatency.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The packaged sample fat jar, started with {@code java -jar} in its own JVM: nested jars
 * change how Tomcat loads resources, so end-to-end tests run the real artifact.
 */
final class SampleJar implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

	private final LoggedProcess process;

	private final int port;

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private SampleJar(LoggedProcess process, int port) {
		this.process = process;
		this.port = port;
	}

	/**
	 * Start the jar named by the {@code sample.jar} system property and wait until its
	 * health endpoint answers.
	 * @param arguments application arguments
	 * @return the running application
	 * @throws Exception if it cannot be started
	 */
	static SampleJar start(String... arguments) throws Exception {
		String jar = System.getProperty("sample.jar");
		if (jar == null || !Files.isRegularFile(Path.of(jar))) {
			throw new IllegalStateException("System property 'sample.jar' must name the packaged sample, was " + jar);
		}
		return start(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar), Map.of(),
				arguments);
	}

	/**
	 * Start the sample with a launch line of its own and wait until its health endpoint
	 * answers.
	 * @param launch the command that starts it, without the port
	 * @param environment variables added to this JVM's environment
	 * @param arguments application arguments
	 * @return the running application
	 * @throws Exception if it cannot be started
	 */
	static SampleJar start(List<String> launch, Map<String, String> environment, String... arguments) throws Exception {
		int port = LoggedProcess.freePort();
		List<String> command = new ArrayList<>(launch);
		command.addAll(List.of("--server.port=" + port, "--server.address=127.0.0.1"));
		command.addAll(List.of(arguments));
		SampleJar sample = new SampleJar(LoggedProcess.start("sample", command, environment), port);
		try {
			sample.process.await("becoming healthy", START_TIMEOUT,
					() -> sample.get("/actuator/health").statusCode() == 200);
		}
		catch (Exception ex) {
			sample.close();
			throw ex;
		}
		return sample;
	}

	HttpResponse<String> get(String path) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(30))
			.build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	int port() {
		return this.port;
	}

	String output() throws IOException {
		return this.process.output();
	}

	@Override
	public void close() throws Exception {
		this.process.close();
	}

}
