/**
 * Internal: what every part of tomcat-latency shares, such as how a failure is named in
 * the log. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.internal;

import org.jspecify.annotations.NullMarked;
