/**
 * Internal: a task for the application's JSON mapper (Jackson 2 or 3): the types its
 * handlers read and write, their serializers and deserializers built without calling a
 * handler. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.task.json;

import org.jspecify.annotations.NullMarked;
