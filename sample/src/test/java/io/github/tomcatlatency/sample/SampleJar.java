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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged sample fat jar, started with {@code java -jar} in its own JVM: nested jars
 * change how Tomcat loads resources, so end-to-end tests run the real artifact.
 */
final class SampleJar implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

	private final LoggedProcess process;

	private static final String LOOPBACK = "127.0.0.1";

	private static final Pattern STARTED_ON_PORT = Pattern.compile("Tomcat started on port (\\d+)");

	private final String address;

	private final int port;

	private final int managementPort;

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private SampleJar(LoggedProcess process, String address, int port, int managementPort) {
		this.process = process;
		this.address = address;
		this.port = port;
		this.managementPort = managementPort;
	}

	/**
	 * Start the jar named by the {@code sample.jar} system property and wait until its
	 * health endpoint answers.
	 * @param arguments application arguments
	 * @return the running application
	 * @throws Exception if it cannot be started
	 */
	static SampleJar start(String... arguments) throws Exception {
		return start(javaJar(java()), Map.of(), arguments);
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
		command.addAll(List.of("--server.port=" + port, "--server.address=" + LOOPBACK));
		command.addAll(List.of(arguments));
		SampleJar sample = new SampleJar(LoggedProcess.start("sample", command, environment), LOOPBACK, port, port);
		sample.awaitHealthy();
		return sample;
	}

	/**
	 * Start the jar named by the {@code sample.jar} system property as a deployment
	 * would, its server's address and ports given by the arguments, without waiting.
	 * @param address the address the server is bound to
	 * @param port the server's port, {@code 0} for the one it reports once it listens
	 * @param managementPort the actuator's port, {@code port} when it is the server's
	 * @param jvmOptions options of the JVM
	 * @param arguments application arguments
	 * @return the starting application
	 * @throws IOException if it cannot be started
	 */
	static SampleJar launch(String address, int port, int managementPort, List<String> jvmOptions, String... arguments)
			throws IOException {
		List<String> command = new ArrayList<>(javaJar(jvmOptions));
		command.addAll(List.of("--server.address=" + address, "--server.port=" + port));
		if (managementPort != port) {
			command.add("--management.server.port=" + managementPort);
		}
		command.addAll(List.of(arguments));
		return new SampleJar(LoggedProcess.start("sample", command, Map.of()), address, port, managementPort);
	}

	/**
	 * Return the command of this JVM's {@code java} with the client compiler and the
	 * serial collector, then options. What the tests compare is behaviour, not speed: the
	 * JVMs they start live a few seconds, in which the server compiler's work would take
	 * CPU from the other starts that CI runs beside them (docs/ci.md). The bytecode
	 * verifier is off for the classes outside the JDK too, about a tenth of a start's CPU
	 * (a diagnostic option, which prints no warning), but for a run that writes or reads
	 * a class data archive: the archive records the verifier's setting.
	 * @param options the options
	 * @return the command line
	 */
	static List<String> java(String... options) {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
		if (Arrays.stream(options)
			.noneMatch((option) -> option.startsWith("-XX:ArchiveClassesAtExit")
					|| option.startsWith("-XX:SharedArchiveFile"))) {
			command.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-BytecodeVerificationRemote"));
		}
		command.addAll(List.of(options));
		return command;
	}

	private static List<String> javaJar(List<String> java) {
		String jar = System.getProperty("sample.jar");
		if (jar == null || !Files.isRegularFile(Path.of(jar))) {
			throw new IllegalStateException("System property 'sample.jar' must name the packaged sample, was " + jar);
		}
		List<String> command = new ArrayList<>(java);
		command.addAll(List.of("-jar", jar));
		return command;
	}

	/**
	 * Wait until the health endpoint answers 200: the application is ready.
	 * @throws Exception if it does not within the start timeout or exits
	 */
	void awaitHealthy() throws Exception {
		try {
			await("/actuator/health", 200);
		}
		catch (Exception ex) {
			close();
			throw ex;
		}
	}

	/**
	 * Wait until a request to the actuator's port answers with a status.
	 * @param path the path to request
	 * @param status the status awaited
	 * @throws Exception if it does not within the start timeout or the process exits
	 */
	void await(String path, int status) throws Exception {
		this.process.await(path + " answering " + status, START_TIMEOUT, () -> management(path).statusCode() == status);
	}

	/**
	 * Send a request to the application's port.
	 * @param path the path
	 * @return the response
	 * @throws IOException if it cannot be sent or the port is not known yet
	 * @throws InterruptedException if interrupted
	 */
	HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return get(listeningPort(), path);
	}

	/**
	 * Send a request to the actuator's port.
	 * @param path the path
	 * @return the response
	 * @throws IOException if it cannot be sent or the port is not known yet
	 * @throws InterruptedException if interrupted
	 */
	HttpResponse<String> management(String path) throws IOException, InterruptedException {
		return get((this.managementPort != this.port) ? this.managementPort : listeningPort(), path);
	}

	private HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + hostInUri() + ":" + port + path))
			.timeout(Duration.ofSeconds(30))
			.build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private String hostInUri() {
		return this.address.contains(":") ? "[" + this.address + "]" : this.address;
	}

	/**
	 * Return the server's port: the one it was given, or the one it reported in its log.
	 * @return the port
	 */
	int port() {
		try {
			return listeningPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex.getMessage(), ex);
		}
	}

	private int listeningPort() throws IOException {
		if (this.port != 0) {
			return this.port;
		}
		Matcher started = STARTED_ON_PORT.matcher(output());
		if (!started.find()) {
			// Not listening yet, as far as those who poll it are concerned.
			throw new IOException("The sample has not said yet which port it listens on");
		}
		return Integer.parseInt(started.group(1));
	}

	/**
	 * Send SIGTERM, as a container runtime stopping it does, and wait for the process to
	 * exit.
	 * @param timeout how long to wait at most
	 * @return its exit status
	 * @throws Exception if it has not exited within the timeout
	 */
	int terminate(Duration timeout) throws Exception {
		return this.process.terminate(timeout);
	}

	String output() throws IOException {
		return this.process.output();
	}

	@Override
	public void close() throws Exception {
		this.process.close();
	}

}
