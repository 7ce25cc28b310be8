/**
 * Tomcat's static-resource cache: its settings, prewarm, pinning of immutable resources
 * and statistics. The resource root and cache put in Tomcat's place are internal.
 */
@NullMarked
package io.github.tomcatlatency.cache;

import org.jspecify.annotations.NullMarked;
