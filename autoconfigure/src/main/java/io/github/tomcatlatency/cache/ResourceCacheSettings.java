package io.github.tomcatlatency.cache;

import org.apache.catalina.WebResourceRoot;

/**
 * The settings of Tomcat's resource cache in force, and the property that set each.
 *
 * @param cachingAllowed whether Tomcat caches resources at all
 * @param ttlMs time-to-live of unpinned entries
 * @param ttlSetBy the property that set it
 * @param maxSizeBytes maximum size of the TTL cache
 * @param maxSizeSetBy the property that set it
 * @param objectMaxSizeBytes largest resource whose content is cached
 * @param objectMaxSizeSetBy the property that set it, or Tomcat's default
 * @param pinning whether resources from archives are pinned
 * @param pinMaxSizeBytes the most memory pinned resources may take
 */
public record ResourceCacheSettings(boolean cachingAllowed, double ttlMs, String ttlSetBy, long maxSizeBytes,
		String maxSizeSetBy, long objectMaxSizeBytes, String objectMaxSizeSetBy, boolean pinning,
		long pinMaxSizeBytes) {

	/**
	 * Return the settings a resource root has in force.
	 * @param root the root
	 * @param ttlSetBy the property that set the TTL
	 * @param maxSizeSetBy the property that set the maximum size
	 * @param objectMaxSizeSetBy the property that set the object maximum size
	 * @param pinning whether resources from archives are pinned
	 * @param pinMaxSizeBytes the most memory pinned resources may take
	 * @return the settings
	 */
	static ResourceCacheSettings of(WebResourceRoot root, String ttlSetBy, String maxSizeSetBy,
			String objectMaxSizeSetBy, boolean pinning, long pinMaxSizeBytes) {
		return new ResourceCacheSettings(root.isCachingAllowed(), root.getCacheTtl(), ttlSetBy,
				root.getCacheMaxSize() * 1024, maxSizeSetBy, root.getCacheObjectMaxSize() * 1024L, objectMaxSizeSetBy,
				pinning, pinMaxSizeBytes);
	}

}
