package io.github.tomcatlatency.jvmcache.internal;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ClassCounters}: against performance data laid out as HotSpot's
 * {@code perfMemory.hpp} describes it, and against the running JVM's own.
 */
class ClassCountersTests {

	private static final long START_TIME = 1_764_650_000_000L;

	@Test
	@EnabledOnOs(OS.LINUX)
	void runningJvmsCountersAreTheClassesItLoaded() throws Exception {
		ClassLoadingMXBean classLoading = ManagementFactory.getClassLoadingMXBean();
		long before = classLoading.getTotalLoadedClassCount();
		ClassCounters counters = ClassCounters.open(HotSpotOptions.platform());
		assertThat(counters).as("the test JVM keeps performance data").isNotNull();
		long loaded = counters.loadedClasses();
		long shared = counters.sharedClasses();
		long after = classLoading.getTotalLoadedClassCount();
		assertThat(loaded).isBetween(before, after);
		assertThat(shared).isNotNegative().isLessThanOrEqualTo(loaded);
	}

	@Test
	void countersAreReadInEitherByteOrder() {
		for (ByteOrder order : new ByteOrder[] { ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN }) {
			ClassCounters counters = ClassCounters.of(perfData(order, counters(START_TIME, 3100, 420)), START_TIME);
			assertThat(counters).as(order.toString()).isNotNull();
			assertThat(counters.sharedClasses()).isEqualTo(3100);
			assertThat(counters.loadedClasses()).isEqualTo(3520);
		}
	}

	@Test
	void countersAreReadLiveFromTheData() {
		ByteBuffer data = perfData(ByteOrder.LITTLE_ENDIAN, counters(START_TIME, 3100, 420));
		ClassCounters counters = ClassCounters.of(data, START_TIME);
		assertThat(counters).isNotNull();
		int offset = ClassCounters.longOffsets(ClassCounters.order(data), Set.of(ClassCounters.LOADED))
			.get(ClassCounters.LOADED);
		data.order(ByteOrder.LITTLE_ENDIAN).putLong(offset, 421);
		assertThat(counters.loadedClasses()).isEqualTo(3521);
	}

	@Test
	void dataOfAnotherJvmIsRefused() {
		assertThat(ClassCounters.of(perfData(ByteOrder.LITTLE_ENDIAN, counters(START_TIME, 3100, 420)), START_TIME + 1))
			.isNull();
	}

	@Test
	void dataWithoutACounterIsRefused() {
		Map<String, Object> counters = counters(START_TIME, 3100, 420);
		counters.remove(ClassCounters.SHARED_LOADED);
		assertThat(ClassCounters.of(perfData(ByteOrder.LITTLE_ENDIAN, counters), START_TIME)).isNull();
	}

	@Test
	void counterThatIsNotALongIsNotACounter() {
		Map<String, Object> counters = counters(START_TIME, 3100, 420);
		counters.put(ClassCounters.SHARED_LOADED, "3100");
		ByteBuffer data = perfData(ByteOrder.LITTLE_ENDIAN, counters);
		assertThat(ClassCounters.longOffsets(ClassCounters.order(data), counters.keySet()))
			.containsOnlyKeys(ClassCounters.INIT_DONE_TIME, ClassCounters.LOADED);
		assertThat(ClassCounters.of(data, START_TIME)).isNull();
	}

	@Test
	void otherDataIsRefused() {
		ByteBuffer data = perfData(ByteOrder.LITTLE_ENDIAN, counters(START_TIME, 3100, 420));
		data.put(0, (byte) 0);
		assertThat(ClassCounters.order(data)).isNull();
		assertThat(ClassCounters.of(data, START_TIME)).isNull();
		assertThat(ClassCounters.of(ByteBuffer.allocate(8), START_TIME)).isNull();
	}

	@Test
	void anotherMajorVersionIsRefused() {
		ByteBuffer data = perfData(ByteOrder.LITTLE_ENDIAN, counters(START_TIME, 3100, 420));
		data.put(5, (byte) 3);
		assertThat(ClassCounters.of(data, START_TIME)).isNull();
	}

	@Test
	void truncatedDataHasNoCountersBeyondItsEnd() {
		ByteBuffer data = perfData(ByteOrder.LITTLE_ENDIAN, counters(START_TIME, 3100, 420));
		ByteBuffer truncated = data.duplicate().limit(100).slice().order(ByteOrder.LITTLE_ENDIAN);
		assertThat(ClassCounters.of(truncated, START_TIME)).isNull();
	}

	private static Map<String, Object> counters(long initDoneTime, long sharedLoaded, long loaded) {
		Map<String, Object> counters = new LinkedHashMap<>();
		counters.put("sun.rt.javaCommand", "com.example.Application");
		counters.put(ClassCounters.INIT_DONE_TIME, initDoneTime);
		counters.put(ClassCounters.LOADED, loaded);
		counters.put(ClassCounters.SHARED_LOADED, sharedLoaded);
		return counters;
	}

	/**
	 * Lay out performance data as HotSpot does: the prologue (magic in big-endian order,
	 * byte order, major and minor version, accessible, used, overflow, modification time
	 * stamp, first entry's offset, number of entries), then each entry (length, name
	 * offset, vector length, type, flags, units, variability, data offset, name, data), a
	 * long ({@code J}) or a byte vector ({@code B}) for a string.
	 */
	private static ByteBuffer perfData(ByteOrder order, Map<String, Object> counters) {
		ByteBuffer data = ByteBuffer.allocate(4096).order(ByteOrder.BIG_ENDIAN);
		data.putInt(0, 0xcafec0c0);
		data.order(order);
		data.put(4, (byte) ((order == ByteOrder.LITTLE_ENDIAN) ? 1 : 0));
		data.put(5, (byte) 2);
		data.put(6, (byte) 0);
		data.put(7, (byte) 1);
		data.putInt(24, 32);
		int entry = 32;
		for (Map.Entry<String, Object> counter : counters.entrySet()) {
			byte[] name = counter.getKey().getBytes(StandardCharsets.US_ASCII);
			int dataOffset = align(20 + name.length + 1);
			byte[] value = (counter.getValue() instanceof String string)
					? (string + "\0").getBytes(StandardCharsets.US_ASCII) : null;
			int length = align(dataOffset + ((value != null) ? value.length : Long.BYTES));
			data.putInt(entry, length);
			data.putInt(entry + 4, 20);
			data.putInt(entry + 8, (value != null) ? value.length : 0);
			data.put(entry + 12, (byte) ((value != null) ? 'B' : 'J'));
			data.put(entry + 14, (byte) 1);
			data.put(entry + 15, (byte) 3);
			data.putInt(entry + 16, dataOffset);
			data.put(entry + 20, name);
			if (value != null) {
				data.put(entry + dataOffset, value);
			}
			else {
				data.putLong(entry + dataOffset, (Long) counter.getValue());
			}
			entry += length;
		}
		data.putInt(8, entry);
		data.putInt(28, counters.size());
		return data;
	}

	private static int align(int offset) {
		return (offset + 7) & ~7;
	}

}
