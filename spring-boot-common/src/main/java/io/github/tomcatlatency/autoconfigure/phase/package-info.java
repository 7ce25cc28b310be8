/**
 * Auto-configuration of the request phase timers.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.phase;

import org.jspecify.annotations.NullMarked;
