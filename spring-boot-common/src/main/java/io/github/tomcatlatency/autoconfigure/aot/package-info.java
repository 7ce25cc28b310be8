/**
 * The starter under Spring AOT: the build-time values of the switches that Spring AOT
 * fixes, recorded when it processes the application and compared with the run's, and the
 * training configuration decided at run time. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.aot;

import org.jspecify.annotations.NullMarked;
