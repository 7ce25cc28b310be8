/**
 * Auto-configuration of the running Tomcat's advisories.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.advisory;

import org.jspecify.annotations.NullMarked;
