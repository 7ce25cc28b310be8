package io.github.tomcatlatency.cache;

import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.jspecify.annotations.Nullable;

/**
 * Meters under {@code tomcat.latency.cache.} that read a {@link TomcatResourceCache}, so
 * that its statistics show without Tomcat's MBean registry. Micrometer's own
 * {@code tomcat.cache.*} meters read Tomcat's string cache, not this one.
 */
public final class ResourceCacheMetrics implements MeterBinder {

	private final TomcatResourceCache cache;

	/**
	 * Create meters for the given cache.
	 * @param cache the cache to read
	 */
	public ResourceCacheMetrics(TomcatResourceCache cache) {
		this.cache = cache;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		counter(registry, "lookups", "Lookups of single resources in Tomcat's resource cache",
				ResourceCacheStatistics::lookups);
		counter(registry, "hits", "Lookups answered from Tomcat's resource cache, revalidated entries included",
				ResourceCacheStatistics::hits);
		counter(registry, "pinned.hits", "Lookups answered from pinned resources", ResourceCacheStatistics::pinnedHits);
		counter(registry, "missing.hits", "Lookups answered from paths remembered as missing",
				ResourceCacheStatistics::missingHits);
		gauge(registry, "size", "Memory held by Tomcat's resource cache", BaseUnits.BYTES,
				ResourceCacheStatistics::sizeBytes);
		gauge(registry, "pinned.entries", "Resources pinned in memory", null, ResourceCacheStatistics::pinnedEntries);
		gauge(registry, "pinned.size", "Memory held by pinned resources", BaseUnits.BYTES,
				ResourceCacheStatistics::pinnedBytes);
		gauge(registry, "missing.entries", "Paths remembered as missing", null,
				ResourceCacheStatistics::missingEntries);
		gauge(registry, "missing.size", "Memory held by paths remembered as missing", BaseUnits.BYTES,
				ResourceCacheStatistics::missingBytes);
	}

	private void counter(MeterRegistry registry, String name, String description,
			ToLongFunction<ResourceCacheStatistics> value) {
		FunctionCounter.builder("tomcat.latency.cache." + name, this.cache, read(value))
			.description(description)
			.register(registry);
	}

	private void gauge(MeterRegistry registry, String name, String description, @Nullable String baseUnit,
			ToLongFunction<ResourceCacheStatistics> value) {
		Gauge.builder("tomcat.latency.cache." + name, this.cache, read(value))
			.description(description)
			.baseUnit(baseUnit)
			.register(registry);
	}

	private static ToDoubleFunction<TomcatResourceCache> read(ToLongFunction<ResourceCacheStatistics> value) {
		return (cache) -> {
			ResourceCacheStatistics statistics = cache.statistics();
			return (statistics != null) ? value.applyAsLong(statistics) : Double.NaN;
		};
	}

}
