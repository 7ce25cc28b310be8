package io.github.tomcatlatency.sample;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A child process whose output goes to a temporary log, for the end-to-end tests: waiting
 * for it checks that it is still alive, so a crash fails fast with its log instead of
 * running into a timeout.
 */
final class LoggedProcess implements AutoCloseable {

	private static final int LOWEST_PORT = 10000;

	private static final int EPHEMERAL_PORTS_START = Math.max(LOWEST_PORT + 1000, ephemeralPortsStart());

	private static final Set<Integer> handedOut = ConcurrentHashMap.newKeySet();

	private final String name;

	private final Process process;

	private final Path log;

	private LoggedProcess(String name, Process process, Path log) {
		this.name = name;
		this.process = process;
		this.log = log;
	}

	/**
	 * Start a process.
	 * @param name what the process is, for messages
	 * @param command the command line
	 * @return the running process
	 * @throws IOException if it cannot be started
	 */
	static LoggedProcess start(String name, List<String> command) throws IOException {
		return start(name, command, Map.of());
	}

	/**
	 * Start a process with more environment variables.
	 * @param name what the process is, for messages
	 * @param command the command line
	 * @param environment variables added to this JVM's environment
	 * @return the running process
	 * @throws IOException if it cannot be started
	 */
	static LoggedProcess start(String name, List<String> command, Map<String, String> environment) throws IOException {
		Path log = Files.createTempFile("tomcat-latency-" + name, ".log");
		try {
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
			builder.environment().putAll(environment);
			Process process = builder.start();
			return new LoggedProcess(name, process, log);
		}
		catch (IOException ex) {
			Files.deleteIfExists(log);
			throw ex;
		}
	}

	/**
	 * Poll until the condition holds, failing when the process exits or the timeout
	 * passes. An {@link IOException} from the condition counts as "not yet", for a server
	 * that does not listen yet.
	 * @param what what is awaited, for messages
	 * @param timeout how long to wait at most
	 * @param condition the condition
	 * @throws Exception if the condition throws anything but an {@link IOException}
	 */
	void await(String what, Duration timeout, Condition condition) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException(
						this.name + " exited with " + this.process.exitValue() + " before " + what + ":\n" + output());
			}
			try {
				if (condition.holds()) {
					return;
				}
			}
			catch (IOException ex) {
				// Not listening yet.
			}
			Thread.sleep(200);
		}
		throw new IllegalStateException(
				this.name + ": " + what + " did not happen within " + timeout + ":\n" + output());
	}

	/**
	 * Wait for the process to exit by itself.
	 * @param timeout how long to wait at most
	 * @return its exit status
	 * @throws Exception if it has not exited within the timeout
	 */
	int awaitExit(Duration timeout) throws Exception {
		if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			throw new IllegalStateException(this.name + " did not exit within " + timeout + ":\n" + output());
		}
		return this.process.exitValue();
	}

	/**
	 * Send the process SIGTERM and wait for it to exit.
	 * @param timeout how long to wait at most
	 * @return its exit status
	 * @throws Exception if it has not exited within the timeout
	 */
	int terminate(Duration timeout) throws Exception {
		stop();
		return awaitExit(timeout);
	}

	/**
	 * Send the process SIGTERM without waiting for it to exit.
	 */
	void stop() {
		this.process.destroy();
	}

	String output() throws IOException {
		return Files.readString(this.log);
	}

	@Override
	public void close() throws Exception {
		this.process.destroy();
		if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor();
		}
		Files.deleteIfExists(this.log);
	}

	/**
	 * Return a port that was free a moment ago, below the kernel's ephemeral range and
	 * never returned before in this JVM. The application is started with it seconds
	 * later: a port from the ephemeral range could meanwhile be handed out by the kernel
	 * to any process binding port 0 or opening a connection, as the tests and
	 * applications running side by side do (docs/ci.md), and the start would fail.
	 * @return the port
	 * @throws IOException if no port can be found
	 */
	static int freePort() throws IOException {
		for (int attempt = 0; attempt < 1000; attempt++) {
			int port = LOWEST_PORT + ThreadLocalRandom.current().nextInt(EPHEMERAL_PORTS_START - LOWEST_PORT);
			if (handedOut.add(port) && isFree(port)) {
				return port;
			}
		}
		throw new IOException("No free port between " + LOWEST_PORT + " and " + EPHEMERAL_PORTS_START);
	}

	private static boolean isFree(int port) {
		try (ServerSocket socket = new ServerSocket(port)) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static int ephemeralPortsStart() {
		try {
			String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim();
			return Integer.parseInt(range.split("\\s+")[0]);
		}
		catch (IOException | RuntimeException ex) {
			// Not Linux: the range IANA sets aside for ephemeral ports.
			return 49152;
		}
	}

	@FunctionalInterface
	interface Condition {

		boolean holds() throws Exception;

	}

}
