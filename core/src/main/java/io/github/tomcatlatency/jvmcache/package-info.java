/**
 * The JVM's cache of the application's classes: an AOT cache (Java 25+) or a dynamic CDS
 * archive (Java 17-24), how a training run writes it, how production uses it, and whether
 * the running JVM uses one.
 */
@NullMarked
package io.github.tomcatlatency.jvmcache;

import org.jspecify.annotations.NullMarked;
