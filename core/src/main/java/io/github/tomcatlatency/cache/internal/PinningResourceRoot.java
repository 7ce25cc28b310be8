package io.github.tomcatlatency.cache.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

import io.github.tomcatlatency.cache.ResourceCacheStatistics;
import io.github.tomcatlatency.phase.internal.TimedResourceSet;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.WebResource;
import org.apache.catalina.webresources.AbstractArchiveResourceSet;
import org.apache.catalina.webresources.StandardRoot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * {@link StandardRoot} that keeps for good what cannot change while the application runs,
 * and only once it is asked for:
 * <ul>
 * <li>a resource from an archive (the jars inside the application) is pinned when it is
 * first looked up, while the pinned resources fit in their budget: it is then served from
 * a map, never expires and is never evicted, so a flood of lookups of other paths cannot
 * push it out;</li>
 * <li>a path that no resource set could serve is remembered as missing when no directory
 * could ever serve it, so that a repeated miss is a map lookup instead of a walk over
 * every resource set each time its cache entry expires (the original incident's cost).
 * </li>
 * </ul>
 * Resources from directories keep the TTL so that edits are seen. This root replaces only
 * the {@link StandardRoot} Spring Boot creates when the application has no document root
 * directory, whose main resource set is then an empty temporary directory of its own:
 * other directories, added in front of or behind it, turn remembering misses off.
 * <p>
 * Single-resource lookups go through a cache this root owns instead of the private one of
 * {@link StandardRoot}, so that its statistics can be read without JMX. Settings apply to
 * both; collection lookups stay with the inherited cache. Paths are validated by
 * {@link StandardRoot}'s own code first, through a {@link StandardPathValidation}.
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

	/**
	 * Most memory the remembered misses may take, so that a flood of random paths cannot
	 * grow it without bound: beyond it, misses go to the TTL cache as in Tomcat.
	 */
	public static final long MAX_MISS_BYTES = 1024 * 1024;

	/**
	 * Estimated memory of a remembered path beyond its characters: map node, string and
	 * the resource that answers it.
	 */
	private static final long ENTRY_OVERHEAD_BYTES = 160;

	// Tomcat's own limit: the object maximum is at most a twentieth of the cache maximum.
	private static final long OBJECT_MAX_SIZE_FACTOR = 20;

	private static final Log logger = LogFactory.getLog(PinningResourceRoot.class);

	private final StandardPathValidation pathValidation = new StandardPathValidation(this);

	private final ResourceCache cache = new ResourceCache(this);

	private final ResourceCache pinnedCache = new ResourceCache(this);

	private final Map<String, WebResource> pinned = new ConcurrentHashMap<>();

	private final Map<String, WebResource> misses = new ConcurrentHashMap<>();

	private final LongAdder pinnedHits = new LongAdder();

	private final LongAdder missHits = new LongAdder();

	private final AtomicLong pinnedBytes = new AtomicLong();

	private final AtomicLong missBytes = new AtomicLong();

	private volatile boolean pin;

	private volatile long maxPinnedBytes;

	private volatile @Nullable Boolean missesPermanent;

	/**
	 * Create a root for the given context.
	 * @param context the web application
	 */
	public PinningResourceRoot(Context context) {
		super(context);
		this.pinnedCache.setTtl(PINNED_TTL_MILLIS);
	}

	/**
	 * Set whether resources from archives are pinned when first looked up.
	 * @param pin whether to pin them
	 * @param maxPinnedBytes the most memory pinned resources may take
	 */
	public void setPinning(boolean pin, long maxPinnedBytes) {
		this.pin = pin;
		this.maxPinnedBytes = maxPinnedBytes;
		this.pinnedCache.setMaxSize(Math.max(1, maxPinnedBytes * 2 / 1024));
		this.pinnedCache.setObjectMaxSize((int) Math.min(Integer.MAX_VALUE / 1024, maxPinnedBytes / 1024));
	}

	@Override
	protected WebResource getResource(String path, boolean validate, boolean useClassLoaderResources) {
		if (!isCachingAllowed()) {
			return super.getResource(path, validate, useClassLoaderResources);
		}
		String normalized = validate ? this.pathValidation.validate(path) : path;
		if (useClassLoaderResources) {
			return this.cache.lookup(normalized, true);
		}
		WebResource known = this.pinned.get(normalized);
		if (known != null) {
			this.pinnedHits.increment();
			return known;
		}
		known = this.misses.get(normalized);
		if (known != null) {
			this.missHits.increment();
			return known;
		}
		return keep(normalized, this.cache.lookup(normalized, false));
	}

	/**
	 * Pin the resource or remember the miss when either is for good; otherwise leave it
	 * to the TTL cache.
	 * @param path the normalized path looked up
	 * @param resource what the TTL cache answered
	 * @return the resource to serve
	 */
	private WebResource keep(String path, WebResource resource) {
		if (!resource.exists()) {
			if (!resource.isVirtual() && missesPermanent()) {
				remember(this.misses, path, resource, this.missBytes, entryBytes(path), MAX_MISS_BYTES);
			}
			return resource;
		}
		// Only resources in directories have a canonical path: those in archives cannot
		// be edited in place.
		if (this.pin && resource.isFile() && resource.getCanonicalPath() == null) {
			long size = entryBytes(path) + Math.max(0, resource.getContentLength());
			if (this.pinnedBytes.get() + size <= this.maxPinnedBytes) {
				WebResource pinnedResource = this.pinnedCache.lookup(path, false);
				if (pinnedResource.exists()
						&& remember(this.pinned, path, pinnedResource, this.pinnedBytes, size, this.maxPinnedBytes)) {
					return pinnedResource;
				}
			}
		}
		return resource;
	}

	private static boolean remember(Map<String, WebResource> map, String path, WebResource resource, AtomicLong bytes,
			long size, long maxBytes) {
		// A plain read first: once the budget is spent, a flood of new paths must not
		// write to the shared counter on every lookup
		if (bytes.get() + size > maxBytes) {
			return false;
		}
		if (bytes.addAndGet(size) > maxBytes) {
			bytes.addAndGet(-size);
			return false;
		}
		if (map.putIfAbsent(path, resource) != null) {
			bytes.addAndGet(-size);
		}
		return true;
	}

	private static long entryBytes(String path) {
		return ENTRY_OVERHEAD_BYTES + 2L * path.length();
	}

	/**
	 * Whether a path missing now stays missing: every resource set that serves static
	 * resources, other than Spring Boot's empty temporary document base, is an archive.
	 * @return whether misses can be remembered
	 */
	private boolean missesPermanent() {
		Boolean permanent = this.missesPermanent;
		if (permanent == null) {
			permanent = Stream.of(getPreResources(), getJarResources(), getPostResources())
				.flatMap(Stream::of)
				.allMatch((set) -> set.getClassLoaderOnly()
						|| TimedResourceSet.unwrap(set) instanceof AbstractArchiveResourceSet);
			this.missesPermanent = permanent;
			if (!permanent) {
				logger.debug("A directory serves static resources: missing paths are not remembered, "
						+ "they revalidate with the TTL");
			}
		}
		return permanent;
	}

	/**
	 * Look every servlet-context resource up once (those from archives are pinned while
	 * they fit) and load the content of the others into the TTL cache while it has room.
	 * Call once the context has started.
	 */
	public void prewarm() {
		if (!isCachingAllowed()) {
			logger.warn("Tomcat's resource cache is disabled (server.tomcat.resource.allow-caching=false): "
					+ "nothing is prewarmed (tomcat-latency.cache.prewarm)");
			return;
		}
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
				WebResource resource = getResource(path, false, false);
				if (this.pinned.get(path) == resource || hasRoom(this.cache, resource.getContentLength())) {
					resource.getContent();
				}
			}
		}
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
				this.cache.getSize() * 1024, this.pinned.size(), this.pinnedBytes.get(), this.pinnedHits.sum(),
				this.misses.size(), this.missBytes.get(), this.missHits.sum());
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
		this.pinned.clear();
		this.misses.clear();
		this.pinnedBytes.set(0);
		this.missBytes.set(0);
		this.missesPermanent = null;
		this.cache.clear();
		this.pinnedCache.clear();
	}

}
