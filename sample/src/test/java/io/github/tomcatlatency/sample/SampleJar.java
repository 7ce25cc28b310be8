package io.github.tomcatlatency.sample;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The packaged sample fat jar, started with {@code java -jar} in its own JVM: nested jars
 * change how Tomcat loads resources, so end-to-end tests run the real artifact.
 *
 * @author tomcat-latency
 */
final class SampleJar implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

	private final Process process;

	private final Path output;

	private final int port;

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private SampleJar(Process process, Path output, int port) {
		this.process = process;
		this.output = output;
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
		int port = freePort();
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-jar", jar, "--server.port=" + port, "--server.address=127.0.0.1"));
		command.addAll(List.of(arguments));
		Path output = Files.createTempFile("tomcat-latency-sample", ".log");
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
		SampleJar sample = new SampleJar(process, output, port);
		try {
			sample.awaitHealthy();
		}
		catch (Exception ex) {
			sample.close();
			throw ex;
		}
		return sample;
	}

	private void awaitHealthy() throws Exception {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("The sample exited with " + this.process.exitValue() + ":\n" + output());
			}
			try {
				if (get("/actuator/health").statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// Not listening yet.
			}
			Thread.sleep(200);
		}
		throw new IllegalStateException("The sample did not become healthy within " + START_TIMEOUT + ":\n" + output());
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
		return Files.readString(this.output);
	}

	@Override
	public void close() throws Exception {
		this.process.destroy();
		if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor();
		}
		Files.deleteIfExists(this.output);
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
