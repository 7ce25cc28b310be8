/**
 * Tomcat's static-resource cache: settings, prewarm, pinning of immutable resources and
 * statistics.
 */
@NullMarked
package io.github.tomcatlatency.cache;

import org.jspecify.annotations.NullMarked;
