/**
 * Configuration properties and start-up checks for tomcat-latency.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure;

import org.jspecify.annotations.NullMarked;
