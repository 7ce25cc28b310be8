/**
 * The {@code tomcat-latency} actuator endpoint, which answers with the report the core
 * builds.
 */
@NullMarked
package io.github.tomcatlatency.report;

import org.jspecify.annotations.NullMarked;
