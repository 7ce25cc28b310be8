/**
 * Internal: the requests and the exit of a training run. Not API: may change in any
 * release.
 */
@NullMarked
package io.github.tomcatlatency.training.internal;

import org.jspecify.annotations.NullMarked;
