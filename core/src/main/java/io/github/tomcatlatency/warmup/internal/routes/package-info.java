/**
 * Internal: what the starter's own warm-up routes run once {@code access} has let a
 * request through: a text and a JSON body, a view, a static resource, an error page and
 * the framework tasks, never application code. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.routes;

import org.jspecify.annotations.NullMarked;
