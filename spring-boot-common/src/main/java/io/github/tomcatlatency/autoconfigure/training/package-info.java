/**
 * Auto-configuration of training runs for the JVM's AOT cache or CDS archive.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.training;

import org.jspecify.annotations.NullMarked;
