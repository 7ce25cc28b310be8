/**
 * Internal: the access boundary, all that decides which requests the warm-up's bypass
 * lets through: the token and the request marker that tell the running warm-up's loopback
 * requests apart, and the handler mapping that serves the starter's routes to those
 * requests only (Spring Security's chain for them, in the starter's security auto-
 * configuration, asks these classes and nothing else). Not API: may change in any
 * release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.access;

import org.jspecify.annotations.NullMarked;
