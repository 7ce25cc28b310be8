/**
 * Auto-configuration of the warm-up before readiness.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.warmup;

import org.jspecify.annotations.NullMarked;
