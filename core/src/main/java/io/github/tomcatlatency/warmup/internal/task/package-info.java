/**
 * Internal: framework work that routes of a kind share, run inside a warm-up request on a
 * server thread, one subpackage per library a task reaches into. A task may call the
 * framework's own machinery (a persistence unit's query engine, a JSON mapper, a
 * validator's metadata, a password encoder) with values it makes up; it must never call
 * the application's handlers, listeners or repositories' methods, write anything, or
 * leave a trace: what it cannot do it skips, and a failure is reported as the task's
 * outcome, never thrown into the application. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.task;

import org.jspecify.annotations.NullMarked;
