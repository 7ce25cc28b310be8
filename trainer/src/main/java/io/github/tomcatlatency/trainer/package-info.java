/**
 * A trained start of a Spring Boot jar, built the same way by the Maven plugin's
 * {@code train} goal and the command line's {@code train}: the jar extracted, its
 * training run, the JVM's cache checked, the launch line written.
 */
@NullMarked
package io.github.tomcatlatency.trainer;

import org.jspecify.annotations.NullMarked;
