/**
 * The JVM's cache of the application's classes, an AOT cache (Java 25+) or a dynamic CDS
 * archive (Java 17-24), as the report and the properties name it. How it is found,
 * inspected and recorded by a training run is internal.
 */
@NullMarked
package io.github.tomcatlatency.jvmcache;

import org.jspecify.annotations.NullMarked;
