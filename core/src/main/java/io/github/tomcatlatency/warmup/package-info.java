/**
 * The outcome of the warm-up of Tomcat and Spring MVC before the application reports
 * itself ready, as the report gives it. The warm-up itself is internal.
 */
@NullMarked
package io.github.tomcatlatency.warmup;

import org.jspecify.annotations.NullMarked;
