/**
 * What tomcat-latency needs of Spring Boot 4 in particular: its embedded Tomcat, the
 * customizer of its Tomcat factory, Jackson 3's mappers and the check that the
 * application runs Spring Boot 4.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.adapter;

import org.jspecify.annotations.NullMarked;
