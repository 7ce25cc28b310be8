/**
 * Internal: tasks for Spring Security: a password encoder and a JWT decoder run on values
 * the task makes up, never on a user's credentials. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.task.security;

import org.jspecify.annotations.NullMarked;
