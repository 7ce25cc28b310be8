/**
 * Splits each request's time between Tomcat, the servlet filters and Spring MVC.
 */
@NullMarked
package io.github.tomcatlatency.phase;

import org.jspecify.annotations.NullMarked;
