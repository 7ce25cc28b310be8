package io.github.tomcatlatency.trainer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * One run of a JVM, its output in a log file, bounded in time. The JVM ends with the
 * process that started it: on a timeout, an interrupt, or when that process itself is
 * ended (a cancelled build), it is asked to stop, then killed after {@link #GRACE}.
 *
 * @param exitStatus the JVM's exit status
 * @param log the file that holds what it printed
 */
record JavaRun(int exitStatus, Path log) {

	/**
	 * How long a JVM that is stopped may take to end before it is killed: short enough
	 * that a cancelled CI job, which kills the build a few seconds after asking it to
	 * stop, still ends it.
	 */
	static final Duration GRACE = Duration.ofSeconds(5);

	/**
	 * A line the JVM's unified logging prints at level error.
	 */
	private static final Pattern JVM_ERROR = Pattern.compile("\\[error\\s*\\]");

	// What the JVM's unified logging warns of, such as the classes a CDS archive written
	// at exit leaves out: printed after the application's failure, never its cause.
	private static final Pattern JVM_WARNING = Pattern.compile("^\\[[0-9.]+s\\]\\[warning\\s*\\]");

	/**
	 * Run a command to its end.
	 * @param what what the run is, for messages
	 * @param command the command
	 * @param directory the directory it runs in
	 * @param log where its output goes
	 * @param timeout how long it may take before it is ended
	 * @return the ended run
	 * @throws TrainingException if it cannot start, takes too long or is interrupted
	 */
	static JavaRun run(String what, List<String> command, Path directory, Path log, Duration timeout)
			throws TrainingException {
		Process process;
		try {
			process = new ProcessBuilder(command).directory(directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
		}
		catch (IOException ex) {
			throw new TrainingException("The " + what + " could not start: " + ex.getMessage(), ex);
		}
		// Maven or the command line ended (Ctrl-C, a cancelled CI job): the JVM goes too.
		Thread stopOnExit = new Thread(() -> stop(process), "tomcat-latency-stop-" + process.pid());
		Runtime.getRuntime().addShutdownHook(stopOnExit);
		try {
			process.getOutputStream().close();
			if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
				stop(process);
				throw new TrainingException("The " + what + " did not end within " + timeout.toSeconds()
						+ " s and was stopped (timeout). Its log: " + log);
			}
			return new JavaRun(process.exitValue(), log);
		}
		catch (IOException ex) {
			stop(process);
			throw new TrainingException("The " + what + " could not start: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			stop(process);
			Thread.currentThread().interrupt();
			throw new TrainingException("The " + what + " was interrupted.", ex);
		}
		finally {
			removeShutdownHook(stopOnExit);
		}
	}

	// Asks the JVM and what it started (on Java 25 the JVM that assembles the AOT cache)
	// to stop, then kills what is left after the grace period.
	private static void stop(Process process) {
		List<ProcessHandle> started = new ArrayList<>(process.descendants().toList());
		process.destroy();
		started.forEach(ProcessHandle::destroy);
		awaitGrace(process);
		started.addAll(process.descendants().toList());
		process.destroyForcibly();
		started.forEach(ProcessHandle::destroyForcibly);
		awaitGrace(process);
	}

	private static void awaitGrace(Process process) {
		try {
			process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void removeShutdownHook(Thread hook) {
		try {
			Runtime.getRuntime().removeShutdownHook(hook);
		}
		catch (IllegalStateException ex) {
			// The JVM is shutting down: the hook is stopping the run.
		}
	}

	/**
	 * Read a file a JVM wrote, leniently: a byte that is no UTF-8 (a JVM on another
	 * charset, a C locale) reads as the replacement character instead of failing.
	 * @param file the file
	 * @return its lines
	 * @throws IOException if it cannot be read
	 */
	static List<String> lines(Path file) throws IOException {
		return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
	}

	/**
	 * Return what the JVM printed.
	 * @return its lines
	 * @throws TrainingException if the log cannot be read
	 */
	List<String> lines() throws TrainingException {
		try {
			return lines(this.log);
		}
		catch (IOException ex) {
			throw new TrainingException("The log " + this.log + " cannot be read: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Return why the run failed, in the application's own words where it gave them: the
	 * description and action of Spring Boot's failure analysis, else the JVM's own error
	 * lines, else the exception and its deepest cause that Spring Boot logged as the
	 * application's run failed, else the last line it printed but the JVM's warnings.
	 * @return the reason
	 * @throws TrainingException if the log cannot be read
	 */
	String reason() throws TrainingException {
		return reason(lines());
	}

	static String reason(List<String> lines) {
		int description = lines.indexOf("Description:");
		int action = lines.indexOf("Action:");
		if (description >= 0 && action > description) {
			return paragraph(lines, description + 1) + " Action: " + paragraph(lines, action + 1);
		}
		StringBuilder errors = new StringBuilder();
		for (String line : lines) {
			if (line.startsWith("Error:") || JVM_ERROR.matcher(line).find() || line.startsWith("Error occurred")
					|| line.startsWith("An error has occurred")) {
				errors.append((errors.length() > 0) ? " " : "").append(line.trim());
			}
		}
		if (errors.length() > 0) {
			return errors.toString();
		}
		String runFailed = runFailed(lines);
		if (runFailed != null) {
			return runFailed;
		}
		for (int i = lines.size() - 1; i >= 0; i--) {
			if (!lines.get(i).isBlank() && !JVM_WARNING.matcher(lines.get(i)).find()) {
				return "its last line: " + lines.get(i).trim();
			}
		}
		return "it printed nothing";
	}

	/**
	 * Return the exception Spring Boot logged with {@code Application run failed}, and
	 * the deepest cause of its stack trace, which names what failed.
	 * @param lines the lines printed
	 * @return the exception and its cause, or {@code null} when no run failed so
	 */
	private static @Nullable String runFailed(List<String> lines) {
		int failed = -1;
		for (int i = lines.size() - 1; i >= 0 && failed < 0; i--) {
			if (lines.get(i).contains("Application run failed")) {
				failed = i;
			}
		}
		if (failed < 0) {
			return null;
		}
		String exception = null;
		String cause = null;
		for (int i = failed + 1; i < lines.size(); i++) {
			String line = lines.get(i).trim();
			if (exception == null && !line.isEmpty()) {
				exception = line;
			}
			else if (line.startsWith("Caused by: ")) {
				cause = line;
			}
			else if (exception != null && !line.startsWith("at ") && !line.startsWith("...")
					&& !line.startsWith("Suppressed: ")) {
				break;
			}
		}
		if (exception == null) {
			return null;
		}
		return "Application run failed: " + exception + ((cause != null) ? "; " + cause : "");
	}

	private static String paragraph(List<String> lines, int from) {
		StringBuilder text = new StringBuilder();
		int i = from;
		while (i < lines.size() && lines.get(i).isBlank()) {
			i++;
		}
		while (i < lines.size() && !lines.get(i).isBlank()) {
			text.append((text.length() > 0) ? " " : "").append(lines.get(i).trim());
			i++;
		}
		return text.toString();
	}

}
