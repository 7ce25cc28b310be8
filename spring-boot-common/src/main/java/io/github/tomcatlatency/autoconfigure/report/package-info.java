/**
 * Auto-configuration of the {@code tomcat-latency} actuator endpoint.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.report;

import org.jspecify.annotations.NullMarked;
