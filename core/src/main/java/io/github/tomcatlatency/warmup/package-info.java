/**
 * Warm-up of Tomcat and Spring MVC with real loopback requests before the application
 * reports itself ready.
 */
@NullMarked
package io.github.tomcatlatency.warmup;

import org.jspecify.annotations.NullMarked;
