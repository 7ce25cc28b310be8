package io.github.tomcatlatency.jvmcache.internal;

import java.net.URL;
import java.net.URLClassLoader;

import io.github.tomcatlatency.jvmcache.JvmCache;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link JvmCacheInspector} in the running JVM, which the build starts without
 * a cache of the application's classes. {@link JvmCacheChildJvmTests} starts JVMs with
 * one.
 */
class JvmCacheInspectorTests {

	@Test
	@EnabledOnOs(OS.LINUX)
	void runningJvmHasNoCacheAndCountsItsClasses() {
		JvmCache cache = new JvmCacheInspector().inspect();
		assertThat(cache).isNotNull();
		assertThat(cache.kind()).isNull();
		assertThat(cache.file()).isNull();
		assertThat(cache.inUse()).isNull();
		assertThat(cache.trainedByStarter()).isFalse();
		assertThat(cache.javaVersion()).isEqualTo(Runtime.version().feature());
		assertThat(cache.sharedClasses()).isNotNull().isNotNegative();
		assertThat(cache.loadedClasses()).isNotNull().isGreaterThanOrEqualTo(cache.sharedClasses());
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void eachInspectionReadsTheCountersAgain() throws Exception {
		JvmCacheInspector inspector = new JvmCacheInspector();
		JvmCache first = inspector.inspect();
		assertThat(first).isNotNull();
		URL classes = JvmCacheInspection.class.getProtectionDomain().getCodeSource().getLocation();
		try (URLClassLoader loader = new URLClassLoader(new URL[] { classes }, null)) {
			// A class loader of its own defines the class again: one more class loaded.
			assertThat(loader.loadClass(JvmCacheInspection.class.getName())).isNotSameAs(JvmCacheInspection.class);
		}
		JvmCache second = inspector.inspect();
		assertThat(second).isNotNull();
		assertThat(second.loadedClasses()).isGreaterThan(first.loadedClasses());
		assertThat(second.kind()).isEqualTo(first.kind());
	}

}
