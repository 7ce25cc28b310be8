/**
 * Internal: how the running JVM's cache of the application's classes is found and
 * inspected, and the training's record of it. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.jvmcache.internal;

import org.jspecify.annotations.NullMarked;
