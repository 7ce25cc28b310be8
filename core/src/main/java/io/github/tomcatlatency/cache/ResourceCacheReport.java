package io.github.tomcatlatency.cache;

import org.apache.catalina.WebResourceRoot;
import org.jspecify.annotations.Nullable;

/**
 * What Tomcat's resource cache is configured to do and what it did, ready to be
 * serialised by Jackson.
 *
 * @param settings the settings in force
 * @param statistics the statistics, or {@code null} when Spring Boot chose a resource
 * root that cannot report them (the application has a document root directory)
 */
public record ResourceCacheReport(ResourceCacheSettings settings, @Nullable ResourceCacheStatistics statistics) {

	/**
	 * Return the report of a resource root that tomcat-latency does not manage
	 * ({@code tomcat-latency.cache.enabled=false}): its settings, and no statistics.
	 * @param root the root
	 * @return the report
	 */
	public static ResourceCacheReport unmanaged(WebResourceRoot root) {
		return new ResourceCacheReport(ResourceCacheSettings.of(root, false, 0), null);
	}

}
