/**
 * What tomcat-latency needs of Spring Boot 3.5 in particular: its embedded Tomcat, the
 * customizer of its Tomcat factory and the check that the application runs Spring Boot
 * 3.5.
 */
@NullMarked
package io.github.tomcatlatency.autoconfigure.adapter;

import org.jspecify.annotations.NullMarked;
