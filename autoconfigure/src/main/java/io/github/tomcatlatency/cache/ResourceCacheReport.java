package io.github.tomcatlatency.cache;

import org.jspecify.annotations.Nullable;

/**
 * What Tomcat's resource cache is configured to do and what it did, ready to be
 * serialised by Jackson.
 *
 * @param settings the settings in force
 * @param statistics the statistics, or {@code null} when Spring Boot chose a resource root
 * that cannot report them (the application has a document root directory)
 * @author tomcat-latency
 */
public record ResourceCacheReport(ResourceCacheSettings settings, @Nullable ResourceCacheStatistics statistics) {

}
