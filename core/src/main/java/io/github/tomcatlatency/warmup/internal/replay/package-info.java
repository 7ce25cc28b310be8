/**
 * Internal: {@code tomcat-latency.warmup.replay-training}: the training run's record of
 * the application's {@code GET} requests that may be sent again (which requests began a
 * transaction that could write, what is recorded), the file next to the JVM's cache, and
 * the requests a production warm-up reads back from it. Not API: may change in any
 * release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.replay;

import org.jspecify.annotations.NullMarked;
