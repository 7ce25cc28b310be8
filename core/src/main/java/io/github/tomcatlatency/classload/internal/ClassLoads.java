package io.github.tomcatlatency.classload.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The classes a {@link ClassLoadLog} names as loaded in given windows, each one thread
 * between two instants: what the log holds outside them is read past, not kept.
 */
public final class ClassLoads {

	private final Map<Long, List<Window>> windowsByThread = new HashMap<>();

	private final Map<Window, List<String>> loaded = new HashMap<>();

	private final boolean logStopped;

	ClassLoads(Collection<Window> windows, boolean logStopped) {
		for (Window window : windows) {
			this.windowsByThread.computeIfAbsent(window.thread(), (thread) -> new ArrayList<>()).add(window);
			this.loaded.put(window, new ArrayList<>());
		}
		this.logStopped = logStopped;
	}

	/**
	 * Add a line of the log, {@code [<nanoTime>ns][<tid>] <class name> source: <where>},
	 * if it falls in a window; others are ignored.
	 * @param line the line
	 */
	void add(String line) {
		int timeEnd = line.indexOf("ns][");
		int threadEnd = (timeEnd > 0) ? line.indexOf("] ", timeEnd + 4) : -1;
		if (!line.startsWith("[") || threadEnd < 0) {
			return;
		}
		try {
			long nanos = Long.parseLong(line, 1, timeEnd, 10);
			// The JVM pads the thread id to a width of four: [806 ].
			int idEnd = threadEnd;
			while (idEnd > timeEnd + 4 && line.charAt(idEnd - 1) == ' ') {
				idEnd--;
			}
			List<Window> windows = this.windowsByThread.get(Long.parseLong(line, timeEnd + 4, idEnd, 10));
			if (windows == null) {
				return;
			}
			String name = null;
			for (Window window : windows) {
				if (window.contains(nanos)) {
					if (name == null) {
						int nameEnd = line.indexOf(' ', threadEnd + 2);
						name = line.substring(threadEnd + 2, (nameEnd > 0) ? nameEnd : line.length());
					}
					this.loaded.get(window).add(name);
				}
			}
		}
		catch (NumberFormatException ex) {
			// Not a line of this log's format.
		}
	}

	/**
	 * Return the classes loaded in one of the windows these loads were read for.
	 * @param window the window
	 * @return the names of the classes, in the order they were loaded; none for a window
	 * not read
	 */
	public List<String> loadedIn(Window window) {
		return this.loaded.getOrDefault(window, List.of());
	}

	/**
	 * Return whether the log had stopped when it was read: then what it names will not
	 * change, and these loads need not be read again.
	 * @return whether the log was stopped
	 */
	public boolean logStopped() {
		return this.logStopped;
	}

	/**
	 * The loads of one thread in a period.
	 *
	 * @param thread the operating system's id of the thread, as
	 * {@link ClassLoadLog#currentThreadId()} reads it
	 * @param fromNanos the start of the period, on the {@link System#nanoTime()} scale
	 * @param toNanos its end
	 */
	public record Window(long thread, long fromNanos, long toNanos) {

		boolean contains(long nanos) {
			// nanoTime values compare by their difference: they may wrap.
			return nanos - this.fromNanos >= 0 && nanos - this.toNanos <= 0;
		}

	}

}
