package io.github.tomcatlatency.cache;

/**
 * A snapshot of the caches of the resource root that tomcat-latency puts in Tomcat's
 * place, ready to be serialised by Jackson. Lookups and hits count single-resource
 * lookups that went through the TTL cache; Tomcat counts an expired entry that
 * revalidates successfully as a hit. The TTL cache's size follows Tomcat's own accounting
 * (content up to the object maximum plus about 500 bytes per entry); pinned and missing
 * entries are counted with their content and path.
 *
 * @param lookups lookups of single resources that went through the TTL cache
 * @param hits those answered from it
 * @param sizeBytes memory the TTL cache holds
 * @param pinnedEntries resources from archives pinned for good
 * @param pinnedBytes memory the pinned resources hold
 * @param pinnedHits lookups answered from the pinned resources
 * @param missingEntries paths remembered as missing for good
 * @param missingBytes memory the remembered missing paths hold
 * @param missingHits lookups answered from the remembered missing paths
 */
public record ResourceCacheStatistics(long lookups, long hits, long sizeBytes, int pinnedEntries, long pinnedBytes,
		long pinnedHits, int missingEntries, long missingBytes, long missingHits) {

}
