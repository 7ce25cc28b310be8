/**
 * Internal: the JVM's class load log, switched on while the cold-request probe is armed.
 * Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.classload.internal;

import org.jspecify.annotations.NullMarked;
