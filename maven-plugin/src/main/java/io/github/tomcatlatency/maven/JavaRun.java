package io.github.tomcatlatency.maven;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.apache.maven.plugin.MojoFailureException;

/**
 * One run of a JVM, its output in a log file, bounded in time.
 *
 * @param exitStatus the JVM's exit status
 * @param log the file that holds what it printed
 */
record JavaRun(int exitStatus, Path log) {

	/**
	 * A line the JVM's unified logging prints at level error.
	 */
	private static final Pattern JVM_ERROR = Pattern.compile("\\[error\\s*\\]");

	/**
	 * Run a command to its end.
	 * @param what what the run is, for messages
	 * @param command the command
	 * @param directory the directory it runs in
	 * @param log where its output goes
	 * @param timeout how long it may take before it is ended
	 * @return the ended run
	 * @throws MojoFailureException if it cannot start or takes too long
	 */
	static JavaRun run(String what, List<String> command, Path directory, Path log, Duration timeout)
			throws MojoFailureException {
		Process process;
		try {
			process = new ProcessBuilder(command).directory(directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			process.getOutputStream().close();
		}
		catch (IOException ex) {
			throw new MojoFailureException("The " + what + " could not start: " + ex.getMessage(), ex);
		}
		try {
			if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
				process.descendants().forEach(ProcessHandle::destroyForcibly);
				process.destroyForcibly().waitFor();
				throw new MojoFailureException("The " + what + " did not end within " + timeout.toSeconds()
						+ " s and was stopped (timeout). Its log: " + log);
			}
			return new JavaRun(process.exitValue(), log);
		}
		catch (InterruptedException ex) {
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new MojoFailureException("The " + what + " was interrupted.", ex);
		}
	}

	/**
	 * Return what the JVM printed.
	 * @return its lines
	 * @throws MojoFailureException if the log cannot be read
	 */
	List<String> lines() throws MojoFailureException {
		try {
			return Files.readAllLines(this.log, Charset.defaultCharset());
		}
		catch (IOException ex) {
			throw new MojoFailureException("The log " + this.log + " cannot be read: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Return why the run failed, in the application's own words where it gave them: the
	 * description and action of Spring Boot's failure analysis, else the JVM's own error
	 * lines, else the last line it printed.
	 * @return the reason
	 * @throws MojoFailureException if the log cannot be read
	 */
	String reason() throws MojoFailureException {
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
		for (int i = lines.size() - 1; i >= 0; i--) {
			if (!lines.get(i).isBlank()) {
				return "its last line: " + lines.get(i).trim();
			}
		}
		return "it printed nothing";
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
