/**
 * Internal: a task for Bean Validation: the constraints of the types the application's
 * handlers validate, read without validating a value. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.warmup.internal.task.validation;

import org.jspecify.annotations.NullMarked;
