package io.github.tomcatlatency.jvmcache.internal;

import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link NamedCache}.
 */
class NamedCacheTests {

	@Test
	void java17WithoutArchiveNamesNone() {
		// Java 17 has no AOTCache option; SharedArchiveFile is empty when not set.
		assertThat(NamedCache.of(options(null, ""))).isEqualTo(NamedCache.NONE);
	}

	@Test
	void java25WithoutCacheNamesNone() {
		assertThat(NamedCache.of(options("", ""))).isEqualTo(NamedCache.NONE);
	}

	@Test
	void aotCacheComesFirst() {
		// -XX:AOTCache sets SharedArchiveFile too.
		assertThat(NamedCache.of(options("app/application.aot", "app/application.aot")))
			.isEqualTo(new NamedCache(JvmCacheKind.AOT_CACHE, Path.of("app/application.aot")));
	}

	@Test
	void sharedArchiveFileIsACdsArchive() {
		assertThat(NamedCache.of(options(null, "/srv/app/application.jsa")))
			.isEqualTo(new NamedCache(JvmCacheKind.CDS_ARCHIVE, Path.of("/srv/app/application.jsa")));
		assertThat(NamedCache.of(options("", "application.jsa")))
			.isEqualTo(new NamedCache(JvmCacheKind.CDS_ARCHIVE, Path.of("application.jsa")));
	}

	@Test
	void baseAndDynamicArchiveNameTheDynamicOne() {
		assertThat(NamedCache.of(options(null, "base.jsa" + File.pathSeparator + "application.jsa")))
			.isEqualTo(new NamedCache(JvmCacheKind.CDS_ARCHIVE, Path.of("application.jsa")));
		assertThat(NamedCache.of(options(null, File.pathSeparator))).isEqualTo(NamedCache.NONE);
	}

	/**
	 * Options as {@code HotSpotDiagnosticMXBean} gives them: {@code null} when the JVM
	 * has no such option, empty when it is not set.
	 */
	private static Function<String, String> options(String aotCache, String sharedArchiveFile) {
		Map<String, String> options = new HashMap<>();
		if (aotCache != null) {
			options.put("AOTCache", aotCache);
		}
		options.put("SharedArchiveFile", sharedArchiveFile);
		return options::get;
	}

}
