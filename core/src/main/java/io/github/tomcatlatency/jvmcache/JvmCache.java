package io.github.tomcatlatency.jvmcache;

import io.github.tomcatlatency.jvmcache.internal.TrainedCache;
import org.jspecify.annotations.Nullable;

/**
 * Whether the running JVM uses a cache of the application's classes, as the
 * {@code tomcat-latency} endpoint reports it. Names the cache's file only, never its
 * path.
 *
 * @param kind the kind of cache the JVM's options name: {@code -XX:AOTCache} (Java 24+)
 * first, then {@code -XX:SharedArchiveFile}; {@code null} when they name none
 * @param file the cache's file name, without its directory, or {@code null} when the
 * options name none
 * @param inUse whether the JVM uses the cache: it mapped the cache's file among its
 * shared archives. {@code false} when the options name one but the JVM did not use it (it
 * refused it, for example for another JDK, JVM options or class path than the training
 * run's, or the file is missing); {@code null} when no cache is named or that cannot be
 * told (not on Linux, where {@code /proc/self/maps} tells)
 * @param trainedByStarter whether the starter's training wrote the cache: a
 * {@link TrainedCache} record of it lies next to it
 * @param sharedClasses the classes the JVM loaded from any shared archive: the
 * application's cache and the JDK's own default CDS archive, which holds the JDK classes
 * a JVM loads at start and is in use without any option; {@code null} when the JVM's
 * performance counters cannot be read (for example {@code -XX:-UsePerfData})
 * @param loadedClasses all the classes the JVM loaded, from a shared archive or not;
 * {@code null} when the JVM's performance counters cannot be read
 * @param javaVersion the running JVM's feature release, for example {@code 17} or
 * {@code 25}
 */
public record JvmCache(@Nullable JvmCacheKind kind, @Nullable String file, @Nullable Boolean inUse,
		boolean trainedByStarter, @Nullable Long sharedClasses, @Nullable Long loadedClasses, int javaVersion) {

}
