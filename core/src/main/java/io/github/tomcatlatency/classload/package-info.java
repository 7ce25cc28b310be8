/**
 * The classes the JVM loaded during a request, grouped by library package, as the report
 * gives them. HotSpot's class load log that records them is internal.
 */
@NullMarked
package io.github.tomcatlatency.classload;

import org.jspecify.annotations.NullMarked;
