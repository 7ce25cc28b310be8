package io.github.tomcatlatency.cache;

/**
 * A snapshot of a {@link PinningResourceRoot}'s caches, ready to be serialised by
 * Jackson. Lookups and hits count single-resource lookups; Tomcat counts an expired entry
 * that revalidates successfully as a hit. Sizes follow Tomcat's own accounting: content
 * up to the object maximum plus about 500 bytes per entry.
 *
 * @param lookups lookups of single resources that went through the TTL cache
 * @param hits those answered from it
 * @param sizeBytes memory the TTL cache holds
 * @param pinnedEntries resources pinned for good
 * @param pinnedBytes memory the pinned resources hold
 * @param pinnedHits lookups answered from the pinned resources
 */
public record ResourceCacheStatistics(long lookups, long hits, long sizeBytes, int pinnedEntries, long pinnedBytes,
		long pinnedHits) {

}
