/**
 * Known Apache Tomcat security advisories and latency bugs, and how they affect a running
 * Tomcat version.
 */
@NullMarked
package io.github.tomcatlatency.advisory;

import org.jspecify.annotations.NullMarked;
