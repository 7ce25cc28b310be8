package io.github.tomcatlatency.jvmcache.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The running JVM's class-loading counters, as {@code jstat -class} reads them: from the
 * performance data HotSpot keeps in a memory-mapped file, {@code hsperfdata_<user>/<pid>}
 * in the temporary directory. The file is mapped once and its two counters are read from
 * the mapping: a read costs two memory loads. The {@code DiagnosticCommand} MBean does
 * not offer {@code PerfCounter.print}, and no public API tells shared classes from
 * others.
 */
final class ClassCounters {

	/**
	 * Classes loaded from a shared archive (CDS archive or AOT cache).
	 */
	static final String SHARED_LOADED = "java.cls.sharedLoadedClasses";

	/**
	 * Classes loaded otherwise: parsed from class files.
	 */
	static final String LOADED = "java.cls.loadedClasses";

	/**
	 * When the JVM finished initialising, in milliseconds since the epoch: the start time
	 * {@code RuntimeMXBean} reports, which tells that the file is this JVM's.
	 */
	static final String INIT_DONE_TIME = "sun.rt.vmInitDoneTime";

	/**
	 * The first four bytes of a performance data file, in big-endian order.
	 */
	private static final int MAGIC = 0xcafec0c0;

	private static final int SUPPORTED_MAJOR_VERSION = 2;

	private static final int PROLOGUE_SIZE = 32;

	private static final int ENTRY_HEADER_SIZE = 20;

	private static final byte LONG_TYPE = 'J';

	private final ByteBuffer data;

	private final int sharedLoaded;

	private final int loaded;

	private ClassCounters(ByteBuffer data, int sharedLoaded, int loaded) {
		this.data = data;
		this.sharedLoaded = sharedLoaded;
		this.loaded = loaded;
	}

	/**
	 * Return the counters of the running JVM.
	 * @param options the JVM's options
	 * @return the counters, or {@code null} when the JVM keeps no performance data in a
	 * file ({@code -XX:-UsePerfData}, {@code -XX:+PerfDisableSharedMem}) or it cannot be
	 * found or read
	 * @throws IOException if the file cannot be read
	 */
	static @Nullable ClassCounters open(HotSpotOptions options) throws IOException {
		if (!options.isOn("UsePerfData") || options.isOn("PerfDisableSharedMem")) {
			return null;
		}
		Path file = file();
		if (!Files.isRegularFile(file)) {
			return null;
		}
		ByteBuffer data;
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			data = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
		}
		return of(data, ManagementFactory.getRuntimeMXBean().getStartTime());
	}

	/**
	 * Return the counters in performance data.
	 * @param data the performance data
	 * @param startTime the JVM's start time, in milliseconds since the epoch
	 * @return the counters, or {@code null} if the data is not HotSpot's performance data
	 * of a JVM started then, or lacks a counter
	 */
	static @Nullable ClassCounters of(ByteBuffer data, long startTime) {
		ByteBuffer ordered = order(data);
		if (ordered == null) {
			return null;
		}
		Map<String, Integer> offsets = longOffsets(ordered, Set.of(SHARED_LOADED, LOADED, INIT_DONE_TIME));
		Integer sharedLoaded = offsets.get(SHARED_LOADED);
		Integer loaded = offsets.get(LOADED);
		Integer initDoneTime = offsets.get(INIT_DONE_TIME);
		if (sharedLoaded == null || loaded == null || initDoneTime == null
				|| ordered.getLong(initDoneTime) != startTime) {
			return null;
		}
		return new ClassCounters(ordered, sharedLoaded, loaded);
	}

	/**
	 * Return the classes the JVM loaded from a shared archive so far.
	 * @return the classes
	 */
	long sharedClasses() {
		return this.data.getLong(this.sharedLoaded);
	}

	/**
	 * Return all the classes the JVM loaded so far, from a shared archive or not.
	 * @return the classes
	 */
	long loadedClasses() {
		return this.data.getLong(this.sharedLoaded) + this.data.getLong(this.loaded);
	}

	/**
	 * Return performance data in its byte order.
	 * @param data the data
	 * @return a view of it in its byte order, or {@code null} if it is not HotSpot's
	 * performance data of a version this class reads
	 */
	static @Nullable ByteBuffer order(ByteBuffer data) {
		ByteBuffer ordered = data.duplicate().order(ByteOrder.BIG_ENDIAN);
		if (ordered.limit() < PROLOGUE_SIZE || ordered.getInt(0) != MAGIC
				|| ordered.get(5) != SUPPORTED_MAJOR_VERSION) {
			return null;
		}
		return ordered.order((ordered.get(4) == 1) ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
	}

	/**
	 * Return where the values of long counters lie in performance data. Its layout is
	 * HotSpot's {@code PerfDataPrologue} (magic, byte order, major and minor version,
	 * accessible flag, bytes used, overflow, modification time stamp, offset of the first
	 * entry, number of entries), then one {@code PerfDataEntry} per counter (entry
	 * length, name offset, vector length, type, flags, units, variability, data offset,
	 * then the name and the value).
	 * @param data the data, in its byte order
	 * @param names the names of the counters
	 * @return the offset of the value of each of them that the data holds as a long
	 */
	static Map<String, Integer> longOffsets(ByteBuffer data, Set<String> names) {
		Map<String, Integer> offsets = new HashMap<>();
		int used = Math.min(data.getInt(8), data.limit());
		int entry = data.getInt(24);
		int entries = data.getInt(28);
		for (int i = 0; i < entries && entry >= PROLOGUE_SIZE && entry + ENTRY_HEADER_SIZE <= used; i++) {
			int length = data.getInt(entry);
			if (length < ENTRY_HEADER_SIZE || length > used - entry) {
				break;
			}
			int nameOffset = data.getInt(entry + 4);
			int vectorLength = data.getInt(entry + 8);
			byte type = data.get(entry + 12);
			int valueOffset = data.getInt(entry + 16);
			String name = (nameOffset >= ENTRY_HEADER_SIZE && nameOffset < length)
					? name(data, entry + nameOffset, entry + length) : null;
			if (name != null && names.contains(name) && type == LONG_TYPE && vectorLength == 0
					&& valueOffset >= ENTRY_HEADER_SIZE && valueOffset <= length - Long.BYTES) {
				offsets.put(name, entry + valueOffset);
			}
			entry += length;
		}
		return offsets;
	}

	private static @Nullable String name(ByteBuffer data, int start, int end) {
		for (int index = start; index < end; index++) {
			if (data.get(index) == 0) {
				byte[] name = new byte[index - start];
				data.get(start, name);
				return new String(name, StandardCharsets.US_ASCII);
			}
		}
		return null;
	}

	private static Path file() {
		// HotSpot's temporary directory: /tmp on Linux whatever java.io.tmpdir says.
		String directory = System.getProperty("os.name", "").startsWith("Linux") ? "/tmp"
				: System.getProperty("java.io.tmpdir", "");
		return Path.of(directory, "hsperfdata_" + System.getProperty("user.name"),
				Long.toString(ProcessHandle.current().pid()));
	}

}
