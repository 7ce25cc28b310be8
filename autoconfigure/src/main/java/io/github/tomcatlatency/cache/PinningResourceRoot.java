package io.github.tomcatlatency.cache;

import java.io.File;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.WebResource;
import org.apache.catalina.webresources.AbstractArchiveResource;
import org.apache.catalina.webresources.StandardRoot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.tomcat.util.http.RequestUtil;

/**
 * {@link StandardRoot} whose resources from archives (the jars inside the application,
 * which cannot change while it runs) can be pinned: they are served from a fixed map,
 * never expire and are never evicted, so a flood of lookups of other paths cannot push
 * them out. Resources from directories keep the TTL so that edits are seen.
 * <p>
 * Single-resource lookups go through a cache this root owns instead of the private one of
 * {@link StandardRoot}, so that its statistics can be read without JMX. Settings apply to
 * both; collection lookups stay with the inherited cache.
 */
public class PinningResourceRoot extends StandardRoot {

	/**
	 * Time-to-live of pinned entries. Tomcat computes {@code ttl + now}, so
	 * {@code Long.MAX_VALUE} would overflow and revalidate on every lookup; a century
	 * does not.
	 */
	static final long PINNED_TTL_MILLIS = 100L * 365 * 24 * 60 * 60 * 1000;

	/**
	 * Bound on the resources a prewarm walks, so that a huge webjar cannot stall
	 * start-up.
	 */
	static final int MAX_PREWARMED_RESOURCES = 10_000;

	// Tomcat's own limit: the object maximum is at most a twentieth of the cache maximum.
	private static final long OBJECT_MAX_SIZE_FACTOR = 20;

	private static final Log logger = LogFactory.getLog(PinningResourceRoot.class);

	private final ResourceCache cache = new ResourceCache(this);

	private final ResourceCache pinnedCache = new ResourceCache(this);

	private final LongAdder pinnedHits = new LongAdder();

	private volatile Map<String, WebResource> pinned = Map.of();

	/**
	 * Create a root for the given context.
	 * @param context the web application
	 */
	public PinningResourceRoot(Context context) {
		super(context);
		this.pinnedCache.setTtl(PINNED_TTL_MILLIS);
	}

	@Override
	protected WebResource getResource(String path, boolean validate, boolean useClassLoaderResources) {
		if (!isCachingAllowed()) {
			return super.getResource(path, validate, useClassLoaderResources);
		}
		String normalized = validate ? validate(path) : path;
		if (!useClassLoaderResources) {
			WebResource pinnedResource = this.pinned.get(normalized);
			if (pinnedResource != null) {
				this.pinnedHits.increment();
				return pinnedResource;
			}
		}
		return this.cache.lookup(normalized, useClassLoaderResources);
	}

	/**
	 * The checks of {@link StandardRoot}'s private {@code validate}, which
	 * {@link #getResource(String, boolean, boolean)} bypasses to reach this root's cache.
	 * @param path the requested path
	 * @return the normalized path
	 */
	private String validate(String path) {
		if (!getState().isAvailable()) {
			throw new IllegalStateException(sm.getString("standardRoot.checkStateNotStarted"));
		}
		if (path == null || !path.startsWith("/")) {
			throw new IllegalArgumentException(sm.getString("standardRoot.invalidPath", path));
		}
		String result = RequestUtil.normalize(path, File.separatorChar == '\\');
		if (result == null || !result.startsWith("/")) {
			throw new IllegalArgumentException(sm.getString("standardRoot.invalidPathNormal", path, result));
		}
		return result;
	}

	/**
	 * Load the servlet-context resources into the caches: pin those from archives while
	 * they fit in {@code maxPinnedBytes}, load the others into the TTL cache while it has
	 * room. Call once the context has started.
	 * @param pin whether to pin resources from archives
	 * @param maxPinnedBytes the most memory pinned resources may take
	 */
	public void prewarm(boolean pin, long maxPinnedBytes) {
		if (!isCachingAllowed()) {
			if (pin) {
				logger.warn("Tomcat's resource cache is disabled (server.tomcat.resource.allow-caching=false): "
						+ "no resource is pinned (tomcat-latency.cache.pin)");
			}
			return;
		}
		this.pinnedCache.setMaxSize(Math.max(1, maxPinnedBytes * 2 / 1024));
		this.pinnedCache.setObjectMaxSize((int) Math.min(Integer.MAX_VALUE / 1024, maxPinnedBytes / 1024));
		Map<String, WebResource> pinnedResources = new HashMap<>();
		long pinnedBytes = 0;
		boolean capReached = false;
		int walked = 0;
		Deque<String> directories = new ArrayDeque<>();
		directories.add("/");
		while (!directories.isEmpty() && walked < MAX_PREWARMED_RESOURCES) {
			Set<String> paths = listWebAppPaths(directories.poll());
			if (paths == null) {
				// Tomcat's answer for a directory without resources.
				continue;
			}
			for (String path : paths) {
				if (path.startsWith("/WEB-INF/") || path.startsWith("/META-INF/")) {
					continue;
				}
				if (path.endsWith("/")) {
					directories.add(path);
					continue;
				}
				walked++;
				WebResource resource = getResourceInternal(path, false);
				long size = resource.getContentLength();
				if (pin && resource instanceof AbstractArchiveResource) {
					if (pinnedBytes + size <= maxPinnedBytes) {
						WebResource pinnedResource = this.pinnedCache.lookup(path, false);
						pinnedResource.getContent();
						pinnedResources.put(path, pinnedResource);
						pinnedBytes += size;
						continue;
					}
					if (!capReached) {
						capReached = true;
						logger.info("Pinned resources reached tomcat-latency.cache.pin-max-size (" + maxPinnedBytes
								+ " bytes): " + path + " and other resources that do not fit keep the TTL");
					}
				}
				if (hasRoom(this.cache, size)) {
					this.cache.lookup(path, false).getContent();
				}
			}
		}
		this.pinned = Map.copyOf(pinnedResources);
	}

	private static boolean hasRoom(ResourceCache cache, long size) {
		// Stay below Tomcat's eviction threshold: prewarm must not push out what requests
		// use.
		return (cache.getSize() * 1024 + size) < cache.getMaxSize() * 1024 * 8 / 10;
	}

	/**
	 * Return a snapshot of the caches' statistics.
	 * @return the statistics
	 */
	public ResourceCacheStatistics statistics() {
		return new ResourceCacheStatistics(this.cache.getLookupCount(), this.cache.getHitCount(),
				this.cache.getSize() * 1024, this.pinned.size(), this.pinnedCache.getSize() * 1024,
				this.pinnedHits.sum());
	}

	@Override
	public void setCachingAllowed(boolean cachingAllowed) {
		super.setCachingAllowed(cachingAllowed);
		if (!cachingAllowed) {
			clearOwnCaches();
		}
	}

	@Override
	public void setCacheTtl(long cacheTtl) {
		super.setCacheTtl(cacheTtl);
		this.cache.setTtl(cacheTtl);
	}

	@Override
	public void setCacheMaxSize(long cacheMaxSize) {
		super.setCacheMaxSize(cacheMaxSize);
		this.cache.setMaxSize(cacheMaxSize);
		limitObjectMaxSize();
	}

	@Override
	public void setCacheObjectMaxSize(int cacheObjectMaxSize) {
		super.setCacheObjectMaxSize(cacheObjectMaxSize);
		this.cache.setObjectMaxSize(cacheObjectMaxSize);
		limitObjectMaxSize();
	}

	@Override
	public void setCacheStrategy(CacheStrategy strategy) {
		super.setCacheStrategy(strategy);
		this.cache.setCacheStrategy(strategy);
	}

	private void limitObjectMaxSize() {
		long limit = this.cache.getMaxSize() / OBJECT_MAX_SIZE_FACTOR;
		if (this.cache.getObjectMaxSize() > limit) {
			this.cache.setObjectMaxSize((int) Math.min(Integer.MAX_VALUE, limit));
		}
	}

	@Override
	public int getCacheObjectMaxSize() {
		return this.cache.getObjectMaxSize();
	}

	@Override
	public void backgroundProcess() {
		super.backgroundProcess();
		this.cache.evictExpired();
	}

	@Override
	protected void stopInternal() throws LifecycleException {
		super.stopInternal();
		clearOwnCaches();
	}

	private void clearOwnCaches() {
		this.pinned = Map.of();
		this.cache.clear();
		this.pinnedCache.clear();
	}

}
