/**
 * The {@code tomcat-latency} actuator endpoint: cold-request penalties, the phase split,
 * the resource cache, the warm-up, and the running Tomcat's version and configuration
 * risks.
 */
@NullMarked
package io.github.tomcatlatency.report;

import org.jspecify.annotations.NullMarked;
