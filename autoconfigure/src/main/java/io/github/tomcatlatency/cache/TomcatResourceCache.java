package io.github.tomcatlatency.cache;

import org.apache.catalina.WebResourceRoot;
import org.jspecify.annotations.Nullable;

/**
 * The resource cache of the application's Tomcat context, once the server has created it:
 * where the endpoint and the meters read settings and statistics.
 */
public final class TomcatResourceCache {

	private final String ttlSetBy;

	private final String maxSizeSetBy;

	private final String objectMaxSizeSetBy;

	private final boolean pin;

	private final long pinMaxSizeBytes;

	private volatile @Nullable WebResourceRoot root;

	/**
	 * Create a holder.
	 * @param ttlSetBy the property that sets the TTL
	 * @param maxSizeSetBy the property that sets the maximum size
	 * @param objectMaxSizeSetBy the property that sets the object maximum size
	 * @param pin whether resources from archives are to be pinned
	 * @param pinMaxSizeBytes the most memory pinned resources may take
	 */
	public TomcatResourceCache(String ttlSetBy, String maxSizeSetBy, String objectMaxSizeSetBy, boolean pin,
			long pinMaxSizeBytes) {
		this.ttlSetBy = ttlSetBy;
		this.maxSizeSetBy = maxSizeSetBy;
		this.objectMaxSizeSetBy = objectMaxSizeSetBy;
		this.pin = pin;
		this.pinMaxSizeBytes = pinMaxSizeBytes;
	}

	/**
	 * Called when the server has created the context's resource root.
	 * @param root the root
	 */
	public void register(WebResourceRoot root) {
		this.root = root;
	}

	/**
	 * Return the settings and statistics.
	 * @return the report, or {@code null} before the server is created
	 */
	public @Nullable ResourceCacheReport report() {
		WebResourceRoot root = this.root;
		if (root == null) {
			return null;
		}
		ResourceCacheSettings settings = ResourceCacheSettings.of(root, this.ttlSetBy, this.maxSizeSetBy,
				this.objectMaxSizeSetBy, this.pin && root.isCachingAllowed() && root instanceof PinningResourceRoot,
				this.pinMaxSizeBytes);
		return new ResourceCacheReport(settings, statistics());
	}

	/**
	 * Return the statistics.
	 * @return the statistics, or {@code null} when the root cannot report them
	 */
	public @Nullable ResourceCacheStatistics statistics() {
		return (this.root instanceof PinningResourceRoot pinningRoot) ? pinningRoot.statistics() : null;
	}

}
