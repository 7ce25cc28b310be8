/**
 * The verdict on an application's Tomcat, from what a scan of its archive or build found,
 * for the command-line scanner and the Maven plugin.
 */
@NullMarked
package io.github.tomcatlatency.scan;

import org.jspecify.annotations.NullMarked;
