/**
 * The command-line scanner: the verdict on the Tomcat of a Spring Boot fat jar, WAR or
 * directory, without running it.
 */
@NullMarked
package io.github.tomcatlatency.cli;

import org.jspecify.annotations.NullMarked;
