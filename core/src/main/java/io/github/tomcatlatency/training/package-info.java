/**
 * Training runs: a warm-up that teaches the JVM the request path before it writes its AOT
 * cache or CDS archive at exit.
 */
@NullMarked
package io.github.tomcatlatency.training;

import org.jspecify.annotations.NullMarked;
