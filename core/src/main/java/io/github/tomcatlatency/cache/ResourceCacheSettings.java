package io.github.tomcatlatency.cache;

import io.github.tomcatlatency.cache.internal.PinningResourceRoot;
import org.apache.catalina.WebResourceRoot;

/**
 * The settings of Tomcat's resource cache in force. Spring Boot's
 * {@code server.tomcat.resource.*} set caching, the TTL and the maximum size;
 * {@code tomcat-latency.cache.*} the object maximum size and pinning.
 *
 * @param cachingAllowed whether Tomcat caches resources at all
 * @param ttlMs time-to-live of entries that are neither pinned nor missing for good
 * @param maxSizeBytes maximum size of the TTL cache
 * @param objectMaxSizeBytes largest resource whose content is cached
 * @param pinning whether resources from archives are pinned when first looked up
 * @param pinMaxSizeBytes the most memory pinned resources may take
 * @param missingMaxSizeBytes the most memory remembered missing paths may take
 */
public record ResourceCacheSettings(boolean cachingAllowed, double ttlMs, long maxSizeBytes, long objectMaxSizeBytes,
		boolean pinning, long pinMaxSizeBytes, long missingMaxSizeBytes) {

	/**
	 * Return the settings a resource root has in force.
	 * @param root the root
	 * @param pin whether pinning is configured: it is in force only where the root is
	 * managed and caching is allowed
	 * @param pinMaxSizeBytes the most memory pinned resources may take
	 * @return the settings
	 */
	static ResourceCacheSettings of(WebResourceRoot root, boolean pin, long pinMaxSizeBytes) {
		boolean managed = root.isCachingAllowed() && root instanceof PinningResourceRoot;
		return new ResourceCacheSettings(root.isCachingAllowed(), root.getCacheTtl(), root.getCacheMaxSize() * 1024,
				root.getCacheObjectMaxSize() * 1024L, pin && managed, pinMaxSizeBytes,
				managed ? PinningResourceRoot.MAX_MISS_BYTES : 0);
	}

}
