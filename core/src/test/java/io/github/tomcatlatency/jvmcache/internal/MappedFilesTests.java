package io.github.tomcatlatency.jvmcache.internal;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link MappedFiles}.
 */
class MappedFilesTests {

	// Lines as Linux prints them in /proc/self/maps: the path starts after padding.
	private static final String MAPS = """
			7f2803000000-7f2803bc7000 rw-p 00001000 fe:00 328258                     /usr/lib/jvm/java-17-openjdk-amd64/lib/server/classes.jsa
			7f2803bc7000-7f2803e8e000 rw-p 00001000 fe:00 2154578                    /srv/app/application.jsa
			7f2803e8e000-7f2804000000 ---p 00000000 00:00 0
			7ffc00000-7ffc78000 rw-p 00bff000 fe:00 328258                           /usr/lib/jvm/java-17-openjdk-amd64/lib/server/classes.jsa
			55d0c8e00000-55d0c8e01000 r--p 00000000 fd:01 1835110                    /usr/lib/jvm/java-17-openjdk-amd64/bin/java
			7f1c2c000000-7f1c2c021000 rw-p 00000000 00:00 0                          [heap]
			7f1c30000000-7f1c30400000 r--s 00000000 fd:01 2621500                    /srv/my app/old.jsa (deleted)
			""";

	@Test
	void pathIsWhatFollowsTheInode() {
		assertThat(MappedFiles
			.path("7f2803bc7000-7f2803e8e000 rw-p 00001000 fe:00 2154578                    /srv/app/application.jsa"))
			.isEqualTo("/srv/app/application.jsa");
		assertThat(MappedFiles.path("7f1c2c000000-7f1c2c021000 rw-p 00000000 00:00 0    [heap]")).isEqualTo("[heap]");
	}

	@Test
	void pathKeepsItsSpacesAndLosesTheDeletedSuffix() {
		assertThat(MappedFiles
			.path("7f1c30000000-7f1c30400000 r--s 00000000 fd:01 2621500    /srv/my app/old.jsa (deleted)"))
			.isEqualTo("/srv/my app/old.jsa");
	}

	@Test
	void anonymousMappingOrAnotherLineHasNoPath() {
		assertThat(MappedFiles.path("7f2803e8e000-7f2804000000 ---p 00000000 00:00 0")).isNull();
		assertThat(MappedFiles.path("7f2803e8e000-7f2804000000 ---p 00000000 00:00 0   ")).isNull();
		assertThat(MappedFiles.path("")).isNull();
		assertThat(MappedFiles.path("not a line of maps /srv/app/application.jsa")).isNull();
	}

	@Test
	void mappingsAreThoseOfTheExactFile() {
		assertThat(MappedFiles.mappings(MAPS, "/srv/app/application.jsa"))
			.containsExactly(new AddressRange(0x7f2803bc7000L, 0x7f2803e8e000L));
		assertThat(MappedFiles.mappings(MAPS, "/usr/lib/jvm/java-17-openjdk-amd64/lib/server/classes.jsa"))
			.containsExactly(new AddressRange(0x7f2803000000L, 0x7f2803bc7000L),
					new AddressRange(0x7ffc00000L, 0x7ffc78000L));
		assertThat(MappedFiles.mappings(MAPS, "/srv/my app/old.jsa")).hasSize(1);
		assertThat(MappedFiles.mappings(MAPS, "/srv/app/application")).isEmpty();
		assertThat(MappedFiles.mappings(MAPS, "/srv/app/application.jsa.old")).isEmpty();
		assertThat(MappedFiles.mappings(MAPS, "/app/application.jsa")).isEmpty();
		assertThat(MappedFiles.mappings("", "/srv/app/application.jsa")).isEmpty();
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void runningJvmHasMappedItsOwnLibraryAndNotAFileItNeverOpened(@TempDir Path directory) throws Exception {
		Path libjvm = Path.of(System.getProperty("java.home"), "lib", "server", "libjvm.so");
		assertThat(libjvm).isRegularFile();
		assertThat(MappedFiles.mappings(libjvm)).isNotEmpty();
		Path other = Files.writeString(directory.resolve("application.jsa"), "not mapped");
		assertThat(MappedFiles.mappings(other)).isEmpty();
		assertThat(MappedFiles.mappings(directory.resolve("missing.jsa"))).isEmpty();
	}

}
