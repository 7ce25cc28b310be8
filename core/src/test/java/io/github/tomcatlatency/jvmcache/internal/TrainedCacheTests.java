package io.github.tomcatlatency.jvmcache.internal;

import java.nio.file.Files;
import java.nio.file.Path;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TrainedCache}.
 */
class TrainedCacheTests {

	@TempDir
	Path directory;

	@Test
	void recordWrittenIsReadForItsCache() throws Exception {
		TrainedCache trained = new TrainedCache("application.aot", JvmCacheKind.AOT_CACHE, "25.0.1", 6421, 7012);
		trained.writeTo(this.directory);
		assertThat(this.directory.resolve(TrainedCache.FILE_NAME)).isRegularFile();
		assertThat(TrainedCache.readFor(this.directory.resolve("application.aot"))).isEqualTo(trained);
	}

	@Test
	void recordIsNotReadForAnotherCache() throws Exception {
		new TrainedCache("application.jsa", JvmCacheKind.CDS_ARCHIVE, "17.0.15", 3100, 3300).writeTo(this.directory);
		assertThat(TrainedCache.readFor(this.directory.resolve("other.jsa"))).isNull();
		assertThat(TrainedCache.readFor(this.directory.resolve("sub").resolve("application.jsa"))).isNull();
	}

	@Test
	void noRecordOrAnUnreadableOneIsNone() throws Exception {
		assertThat(TrainedCache.readFor(this.directory.resolve("application.jsa"))).isNull();
		Files.writeString(this.directory.resolve(TrainedCache.FILE_NAME), "cache=application.jsa\nkind=OTHER\n");
		assertThat(TrainedCache.readFor(this.directory.resolve("application.jsa"))).isNull();
	}

}
