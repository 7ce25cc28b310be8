/**
 * Internal: the warm-up's run, which starts once the application is ready to be, sends
 * its requests through {@code client}, holds readiness until its one deadline and reports
 * what it did; the packages below are its parts. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal;

import org.jspecify.annotations.NullMarked;
