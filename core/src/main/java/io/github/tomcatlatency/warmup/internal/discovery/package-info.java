/**
 * Internal: finds the application's routes the warm-up may send without side effects, and
 * the body types its handlers read and write. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.discovery;

import org.jspecify.annotations.NullMarked;
