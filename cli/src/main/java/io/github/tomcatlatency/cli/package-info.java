/**
 * The command line: the scanner's verdict on the Tomcat of a Spring Boot fat jar, WAR,
 * directory or CycloneDX SBOM, without running it, and {@code train}, a trained start of
 * a Spring Boot jar without Maven.
 */
@NullMarked
package io.github.tomcatlatency.cli;

import org.jspecify.annotations.NullMarked;
