/**
 * Internal: the valve, servlet and wrapper that time each request's phases, and what they
 * classify and probe it by. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.phase.internal;

import org.jspecify.annotations.NullMarked;
