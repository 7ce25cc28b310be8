package io.github.tomcatlatency.jvmcache.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Function;

import io.github.tomcatlatency.jvmcache.JvmCache;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Tells whether the running JVM uses a cache of the application's classes. What cannot
 * change while the JVM runs (which cache its options name, whether it mapped it, whether
 * the starter's training wrote it) is found once, on the first inspection; each
 * inspection then reads only the class-loading counters. Never throws: what cannot be
 * told is {@code null}, and why is logged at debug level only.
 */
public final class JvmCacheInspector {

	private static final Log logger = LogFactory.getLog(JvmCacheInspector.class);

	private final Object monitor = new Object();

	private volatile @Nullable Startup startup;

	/**
	 * Return what the running JVM's cache is and how many classes came from a shared
	 * archive so far.
	 * @return the JVM's cache, or {@code null} when its options cannot be read (not a
	 * HotSpot JVM)
	 */
	public @Nullable JvmCache inspect() {
		Startup startup = startup();
		JvmCache cache = startup.cache();
		ClassCounters counters = startup.counters();
		if (cache == null || counters == null) {
			return cache;
		}
		try {
			return new JvmCache(cache.kind(), cache.file(), cache.inUse(), cache.trainedByStarter(),
					counters.sharedClasses(), counters.loadedClasses(), cache.javaVersion());
		}
		catch (RuntimeException ex) {
			logger.debug("Could not read the JVM's class-loading counters", ex);
			return cache;
		}
	}

	/**
	 * Return the directory of the cache the running JVM uses, as its options name it.
	 * @return the directory, or {@code null} when they name none or cannot be read
	 */
	public static @Nullable Path cacheDirectory() {
		return directory(NamedCache::of);
	}

	/**
	 * Return the directory of the cache the running JVM writes as it exits, a training
	 * run's.
	 * @return the directory, or {@code null} when its options name none or cannot be read
	 */
	public static @Nullable Path trainingOutputDirectory() {
		return directory(NamedCache::writtenAtExit);
	}

	private static @Nullable Path directory(Function<Function<String, @Nullable String>, NamedCache> named) {
		try {
			return named.apply(HotSpotOptions.platform()).directory();
		}
		catch (RuntimeException | LinkageError ex) {
			logger.debug("Could not read the JVM's options", ex);
			return null;
		}
	}

	private Startup startup() {
		Startup startup = this.startup;
		if (startup == null) {
			synchronized (this.monitor) {
				startup = this.startup;
				if (startup == null) {
					startup = Startup.inspect();
					this.startup = startup;
				}
			}
		}
		return startup;
	}

	/**
	 * What the running JVM started with.
	 *
	 * @param cache its cache, without class counts, or {@code null} when its options
	 * cannot be read
	 * @param counters its class-loading counters, or {@code null} when they cannot be
	 * read
	 */
	private record Startup(@Nullable JvmCache cache, @Nullable ClassCounters counters) {

		static Startup inspect() {
			HotSpotOptions options;
			JvmCache cache;
			try {
				options = HotSpotOptions.platform();
				cache = cache(NamedCache.of(options));
			}
			catch (RuntimeException | LinkageError ex) {
				logger.debug("Could not tell whether the JVM uses a cache of the application's classes", ex);
				return new Startup(null, null);
			}
			return new Startup(cache, counters(options));
		}

		private static JvmCache cache(NamedCache named) {
			Path path = named.path();
			if (path == null) {
				return new JvmCache(null, null, null, false, null, null, Runtime.version().feature());
			}
			Path fileName = path.getFileName();
			TrainedCache trained = TrainedCache.readFor(path);
			return new JvmCache(named.kind(), (fileName != null) ? fileName.toString() : null, CacheUse.of(path),
					trained != null && trained.kind() == named.kind(), null, null, Runtime.version().feature());
		}

		private static @Nullable ClassCounters counters(HotSpotOptions options) {
			try {
				ClassCounters counters = ClassCounters.open(options);
				if (counters == null) {
					logger.debug("The JVM keeps no class-loading counters that can be read");
				}
				return counters;
			}
			catch (IOException | RuntimeException ex) {
				logger.debug("Could not read the JVM's class-loading counters", ex);
				return null;
			}
		}

	}

}
