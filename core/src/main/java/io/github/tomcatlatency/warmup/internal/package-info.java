/**
 * Internal: the warm-up, its requests, its tasks and the bypass that lets its requests
 * through. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal;

import org.jspecify.annotations.NullMarked;
