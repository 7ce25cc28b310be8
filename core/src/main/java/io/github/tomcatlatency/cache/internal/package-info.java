/**
 * Internal: the resource root and cache that tomcat-latency puts in Tomcat's place. Not
 * API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.cache.internal;

import org.jspecify.annotations.NullMarked;
