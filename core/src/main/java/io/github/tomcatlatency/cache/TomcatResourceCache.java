package io.github.tomcatlatency.cache;

import io.github.tomcatlatency.cache.internal.PinningResourceRoot;
import org.apache.catalina.WebResourceRoot;
import org.jspecify.annotations.Nullable;

/**
 * The resource cache of the application's Tomcat context, once the server has created it:
 * where the endpoint and the meters read settings and statistics.
 */
public final class TomcatResourceCache {

	private final boolean pin;

	private final long pinMaxSizeBytes;

	private volatile @Nullable WebResourceRoot root;

	/**
	 * Create a holder.
	 * @param pin whether resources from archives are to be pinned
	 * @param pinMaxSizeBytes the most memory pinned resources may take
	 */
	public TomcatResourceCache(boolean pin, long pinMaxSizeBytes) {
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
		ResourceCacheSettings settings = ResourceCacheSettings.of(root, this.pin, this.pinMaxSizeBytes);
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
