package io.github.tomcatlatency.jvmcache.internal;

import java.io.File;
import java.nio.file.Path;
import java.util.function.Function;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import org.jspecify.annotations.Nullable;

/**
 * The cache the running JVM's options name, as given on the command line: a relative path
 * is relative to the directory the JVM started in.
 *
 * @param kind the kind of cache, or {@code null} when the options name none
 * @param path the cache's path, or {@code null} when the options name none
 */
record NamedCache(@Nullable JvmCacheKind kind, @Nullable Path path) {

	/**
	 * No cache named.
	 */
	static final NamedCache NONE = new NamedCache(null, null);

	/**
	 * Return the cache that JVM options name: {@code AOTCache} first (from Java 24 on
	 * {@code -XX:AOTCache} also sets {@code SharedArchiveFile}), then
	 * {@code SharedArchiveFile}, whose last entry is the archive on top when it names a
	 * base and a dynamic archive.
	 * @param options the value of a JVM option by name: empty when it is not set,
	 * {@code null} when this JVM has no such option
	 * @return the cache named, or {@link #NONE}
	 */
	static NamedCache of(Function<String, @Nullable String> options) {
		String aotCache = options.apply(JvmCacheKind.AOT_CACHE.vmOption());
		if (aotCache != null && !aotCache.isBlank()) {
			return new NamedCache(JvmCacheKind.AOT_CACHE, Path.of(aotCache.strip()));
		}
		String archives = options.apply(JvmCacheKind.CDS_ARCHIVE.vmOption());
		String top = null;
		if (archives != null) {
			for (String entry : archives.split(File.pathSeparator)) {
				if (!entry.isBlank()) {
					top = entry.strip();
				}
			}
		}
		return (top != null) ? new NamedCache(JvmCacheKind.CDS_ARCHIVE, Path.of(top)) : NONE;
	}

	/**
	 * Return the cache that JVM options tell the JVM to write as it exits, as a training
	 * run does: {@code AOTCacheOutput} (Java 25+), then {@code ArchiveClassesAtExit}.
	 * @param options the value of a JVM option by name: empty when it is not set,
	 * {@code null} when this JVM has no such option
	 * @return the cache to be written, or {@link #NONE}
	 */
	static NamedCache writtenAtExit(Function<String, @Nullable String> options) {
		String aotCache = options.apply("AOTCacheOutput");
		if (aotCache != null && !aotCache.isBlank()) {
			return new NamedCache(JvmCacheKind.AOT_CACHE, Path.of(aotCache.strip()));
		}
		String archive = options.apply("ArchiveClassesAtExit");
		return (archive != null && !archive.isBlank())
				? new NamedCache(JvmCacheKind.CDS_ARCHIVE, Path.of(archive.strip())) : NONE;
	}

	/**
	 * Return the directory of the cache.
	 * @return the directory, or {@code null} when no cache is named
	 */
	@Nullable Path directory() {
		return (this.path != null) ? this.path.toAbsolutePath().getParent() : null;
	}

}
