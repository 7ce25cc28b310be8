/**
 * Internal: what each Spring Boot line's adapter gives the shared auto-configurations
 * (the embedded Tomcat, its setup, readiness) and the check of the Spring Boot line. Not
 * API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.internal;

import org.jspecify.annotations.NullMarked;
