package io.github.tomcatlatency.classload.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The class loads of a {@link ClassLoadLog}, by thread.
 */
public final class ClassLoads {

	private final Map<Long, List<Load>> byThread = new HashMap<>();

	ClassLoads() {
	}

	/**
	 * Add a line of the log, {@code [<nanoTime>ns][<tid>] <class name> source: <where>};
	 * others are ignored.
	 * @param line the line
	 */
	void add(String line) {
		int timeEnd = line.indexOf("ns][");
		int threadEnd = (timeEnd > 0) ? line.indexOf("] ", timeEnd + 4) : -1;
		if (!line.startsWith("[") || threadEnd < 0) {
			return;
		}
		int nameEnd = line.indexOf(' ', threadEnd + 2);
		try {
			long nanos = Long.parseLong(line, 1, timeEnd, 10);
			long thread = Long.parseLong(line, timeEnd + 4, threadEnd, 10);
			String name = line.substring(threadEnd + 2, (nameEnd > 0) ? nameEnd : line.length());
			this.byThread.computeIfAbsent(thread, (key) -> new ArrayList<>()).add(new Load(nanos, name));
		}
		catch (NumberFormatException ex) {
			// Not a line of this log's format.
		}
	}

	/**
	 * Return the classes one thread loaded in a period.
	 * @param thread the operating system's id of the thread
	 * @param fromNanos the start of the period, on the {@link System#nanoTime()} scale
	 * @param toNanos its end
	 * @return the names of the classes, in the order they were loaded
	 */
	public List<String> loadedBy(long thread, long fromNanos, long toNanos) {
		List<String> names = new ArrayList<>();
		for (Load load : this.byThread.getOrDefault(thread, List.of())) {
			// nanoTime values compare by their difference: they may wrap.
			if (load.nanos() - fromNanos >= 0 && load.nanos() - toNanos <= 0) {
				names.add(load.className());
			}
		}
		return names;
	}

	private record Load(long nanos, String className) {

	}

}
