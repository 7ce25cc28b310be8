/**
 * Which classes the JVM loads on which thread while a request runs: HotSpot's own log of
 * class loading, switched on while the cold-request probe is armed, and the classes
 * grouped by package for the report.
 */
@NullMarked
package io.github.tomcatlatency.classload;

import org.jspecify.annotations.NullMarked;
