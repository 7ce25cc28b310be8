package io.github.tomcatlatency.jvmcache.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Tests for {@link SharedArchiveSpace} and {@link AddressRange}.
 */
class SharedArchiveSpaceTests {

	@Test
	void rangeRunsFromTheBaseToTheDynamicArchivesTop() {
		String info = """
				Heap address: 0x00000000c2200000, size: 990 MB, Compressed Oops mode: 32-bit

				CDS archive(s) mapped at: [0x00007f2803000000-0x00007f2803bc7000-0x00007f2803e8e000), size 15261696, SharedBaseAddress: 0x00007f2803000000, ArchiveRelocationMode: 1.
				Compressed class space mapped at: 0x00007f2804000000-0x00007f2844000000, reserved size: 1073741824
				""";
		assertThat(SharedArchiveSpace.of(info)).isEqualTo(new AddressRange(0x7f2803000000L, 0x7f2803e8e000L));
	}

	@Test
	void dynamicArchiveOutsideTheRangeIsNotInIt() {
		// Java 25 with a dynamic archive whose class path did not match: mapped at
		// 74d95000-7506f000, the top stays at the static archive's end.
		AddressRange range = SharedArchiveSpace
			.of("CDS archive(s) mapped at: [0x0000000074000000-0x0000000074d95000-0x0000000074d95000), size 14241792, "
					+ "SharedBaseAddress: 0x0000000074000000, ArchiveRelocationMode: 1.");
		assertThat(range).isEqualTo(new AddressRange(0x74000000L, 0x74d95000L));
		assertThat(range.contains(new AddressRange(0x74d95000L, 0x7506f000L))).isFalse();
		assertThat(range.contains(new AddressRange(0x74001000L, 0x74d95000L))).isTrue();
	}

	@Test
	void noArchiveIsAnEmptyRange() {
		AddressRange range = SharedArchiveSpace.of("CDS archive(s) not mapped\n");
		assertThat(range).isNotNull();
		assertThat(range.contains(new AddressRange(0x74001000L, 0x74d95000L))).isFalse();
	}

	@Test
	void infoWithoutTheLineTellsNothing() {
		assertThat(SharedArchiveSpace.of("CDS: on\n")).isNull();
		assertThat(SharedArchiveSpace.of("")).isNull();
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void runningJvmUsesTheJdksDefaultArchiveWithinItsRange() throws Exception {
		Path defaultArchive = Path.of(System.getProperty("java.home"), "lib", "server", "classes.jsa");
		assumeTrue(Files.isRegularFile(defaultArchive), "the JDK has a default CDS archive");
		defaultArchive = defaultArchive.toRealPath();
		List<AddressRange> mappings = MappedFiles.mappings(defaultArchive);
		AddressRange range = SharedArchiveSpace.ofRunningJvm();
		assertThat(mappings).as("the test JVM uses the JDK's default CDS archive").isNotEmpty();
		assertThat(range).isNotNull();
		assertThat(mappings).anySatisfy((mapping) -> assertThat(range.contains(mapping)).isTrue());
	}

}
