/**
 * Auto-configuration of the routes the phase split records, sized by Spring Boot 4's
 * metrics properties.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.phase;

import org.jspecify.annotations.NullMarked;
