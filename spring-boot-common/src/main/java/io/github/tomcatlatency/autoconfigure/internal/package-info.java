/**
 * Internal: what the shared auto-configurations have in common (the embedded Tomcat each
 * Spring Boot line's adapter gives them and its setup, the steps run once when the
 * application first becomes ready, the containment of the starter's failures) and the
 * check of the Spring Boot line. Not API: may change in any release.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.internal;

import org.jspecify.annotations.NullMarked;
