package io.github.tomcatlatency.classload.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collection;
import java.util.regex.Pattern;

import javax.management.JMException;
import javax.management.ObjectName;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The JVM's own log of the classes it loads ({@code -Xlog:class+load}), each line with
 * the {@link System#nanoTime()} and the operating system's thread of the load, switched
 * on and off while the application runs through HotSpot's {@code VM.log} diagnostic
 * command, into a file of its own that the JVM writes and this class reads. It adds an
 * output and leaves the application's own {@code -Xlog} outputs alone.
 * <p>
 * Only on HotSpot on Linux, where a thread's system id can be read
 * ({@code /proc/thread-self}); elsewhere it never starts. While it runs, each class load
 * writes one line of about a hundred bytes, and the file is bounded by
 * {@link #MAX_FILE_BYTES}, rotated once.
 */
public final class ClassLoadLog implements AutoCloseable {

	/**
	 * How large the log's file grows before the JVM rotates it, keeping one rotated file.
	 */
	static final long MAX_FILE_BYTES = 8 * 1024 * 1024;

	private static final Log logger = LogFactory.getLog(ClassLoadLog.class);

	private static final Path THREAD_SELF = Path.of("/proc/thread-self");

	// The JVM parses its -Xlog syntax from the path: anything else is not passed on.
	private static final Pattern PLAIN_PATH = Pattern.compile("[A-Za-z0-9/._-]+");

	private @Nullable Path directory;

	private @Nullable Path file;

	private boolean running;

	/**
	 * Start a new log, deleting the previous one: from now on every class load is written
	 * to it until {@link #stop()}.
	 * @return whether it runs
	 */
	public synchronized boolean start() {
		close();
		if (!Files.isSymbolicLink(THREAD_SELF)) {
			logger.debug("Classes loaded by first requests are not told: no /proc/thread-self");
			return false;
		}
		try {
			Path directory = Files.createTempDirectory("tomcat-latency-",
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
			this.directory = directory;
			Path file = directory.resolve("class-load.log");
			if (!PLAIN_PATH.matcher(file.toString()).matches()) {
				logger.debug("Classes loaded by first requests are not told: the JVM's log cannot name " + file);
				deleteFiles();
				return false;
			}
			long start = System.nanoTime();
			String refused = vmLog("output=file=" + file, "what=class+load=info", "decorators=timenanos,tid",
					"output_options=filecount=1,filesize=" + MAX_FILE_BYTES);
			// The command answers rather than throws when the JVM cannot write the file
			// (it could not open it, say): then there would be no log to read.
			if (!refused.isBlank() || !Files.exists(file)) {
				logger.debug("Classes loaded by first requests are not told: the JVM did not log to " + file + ": "
						+ refused.strip());
				if (refused.isBlank()) {
					vmLog("output=file=" + file, "what=all=off");
				}
				deleteFiles();
				return false;
			}
			this.file = file;
			this.running = true;
			if (logger.isDebugEnabled()) {
				logger.debug("Logging the JVM's class loads to " + file + " (started in "
						+ (System.nanoTime() - start) / 1_000_000 + " ms)");
			}
			return true;
		}
		catch (IOException | JMException | RuntimeException ex) {
			logger.debug("Classes loaded by first requests are not told: " + ex);
			deleteFiles();
			return false;
		}
	}

	/**
	 * Stop writing the log; what it holds can still be {@link #read(Collection) read}.
	 */
	public synchronized void stop() {
		if (!this.running) {
			return;
		}
		this.running = false;
		try {
			vmLog("output=file=" + this.file, "what=all=off");
		}
		catch (JMException | RuntimeException ex) {
			logger.debug("Could not stop the JVM's class load log " + this.file + ": " + ex);
		}
	}

	/**
	 * Read the classes the log names as loaded in given windows. The files are read
	 * outside this log's lock: {@link #stop()}, which a request thread calls, never waits
	 * for a read.
	 * @param windows the threads and periods whose loads are wanted
	 * @return the loads, or {@code null} when the log was never started or cannot be read
	 */
	public @Nullable ClassLoads read(Collection<ClassLoads.Window> windows) {
		Path file;
		boolean stopped;
		synchronized (this) {
			file = this.file;
			stopped = !this.running;
		}
		if (file == null) {
			return null;
		}
		try {
			ClassLoads loads = new ClassLoads(windows, stopped);
			// The JVM renamed the file it filled to .0 and started a new one.
			Path rotated = file.resolveSibling(file.getFileName() + ".0");
			for (Path part : new Path[] { rotated, file }) {
				if (Files.exists(part)) {
					try (var lines = Files.lines(part)) {
						lines.forEach(loads::add);
					}
				}
			}
			return loads;
		}
		catch (IOException | RuntimeException ex) {
			// Also when a reset deleted the files meanwhile: the windows were the
			// previous log's.
			logger.debug("Could not read the JVM's class load log " + file + ": " + ex);
			return null;
		}
	}

	/**
	 * Return the file the log is written to.
	 * @return the file, or {@code null} when the log was never started or is closed
	 */
	synchronized @Nullable Path file() {
		return this.file;
	}

	/**
	 * Stop the log and delete its files.
	 */
	@Override
	public synchronized void close() {
		stop();
		deleteFiles();
	}

	private void deleteFiles() {
		Path directory = this.directory;
		this.directory = null;
		this.file = null;
		if (directory == null) {
			return;
		}
		try (var files = Files.list(directory)) {
			for (Path file : files.toList()) {
				Files.deleteIfExists(file);
			}
			Files.deleteIfExists(directory);
		}
		catch (IOException ex) {
			logger.debug("Could not delete " + directory + ": " + ex);
		}
	}

	/**
	 * Return the operating system's id of the current thread, as the log names it.
	 * @return the id, or {@code -1} when it cannot be read
	 */
	public static long currentThreadId() {
		try {
			// "<pid>/task/<tid>"
			String link = Files.readSymbolicLink(THREAD_SELF).toString();
			return Long.parseLong(link.substring(link.lastIndexOf('/') + 1));
		}
		catch (IOException | RuntimeException ex) {
			return -1;
		}
	}

	/**
	 * Run HotSpot's {@code VM.log} command.
	 * @param arguments its arguments
	 * @return what it printed: nothing when it did what it was asked
	 */
	private static String vmLog(String... arguments) throws JMException {
		Object printed = ManagementFactory.getPlatformMBeanServer()
			.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmLog", new Object[] { arguments },
					new String[] { String[].class.getName() });
		return (printed != null) ? printed.toString() : "";
	}

}
