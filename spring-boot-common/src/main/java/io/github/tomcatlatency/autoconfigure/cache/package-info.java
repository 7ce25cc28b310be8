/**
 * Auto-configuration of Tomcat's static-resource cache.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.cache;

import org.jspecify.annotations.NullMarked;
