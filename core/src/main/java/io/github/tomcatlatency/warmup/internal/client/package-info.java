/**
 * Internal: the warm-up's loopback HTTP client and the sending of its requests, each
 * connection bounded by the time the warm-up has left, paused while real traffic arrives.
 * Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.client;

import org.jspecify.annotations.NullMarked;
