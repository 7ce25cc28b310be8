/**
 * Internal: the rollback that keeps every transaction a warm-up request begins on a
 * database from being committed. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.rollback;

import org.jspecify.annotations.NullMarked;
