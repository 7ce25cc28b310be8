package io.github.tomcatlatency.jvmcache.internal;

import java.nio.file.Path;
import java.util.List;

import javax.management.JMException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Tells whether the running JVM uses the cache its options name: it does when it mapped
 * the cache's file within its {@link SharedArchiveSpace shared archive space}. A JVM that
 * refuses a cache does not map it (Java 17), or leaves it mapped outside that space (a
 * dynamic CDS archive on Java 25).
 */
final class CacheUse {

	private static final Log logger = LogFactory.getLog(CacheUse.class);

	private CacheUse() {
	}

	/**
	 * Return whether the running JVM uses a cache.
	 * @param cache the cache's file, absolute or relative to the JVM's start directory
	 * @return whether it uses it, or {@code null} when that cannot be told
	 */
	static @Nullable Boolean of(Path cache) {
		List<AddressRange> mappings = MappedFiles.mappings(cache);
		if (mappings == null || mappings.isEmpty()) {
			return (mappings != null) ? Boolean.FALSE : null;
		}
		try {
			AddressRange archives = SharedArchiveSpace.ofRunningJvm();
			return (archives != null) ? mappings.stream().anyMatch(archives::contains) : null;
		}
		catch (JMException | RuntimeException ex) {
			logger.debug("Could not read where the JVM uses its shared archives", ex);
			return null;
		}
	}

}
