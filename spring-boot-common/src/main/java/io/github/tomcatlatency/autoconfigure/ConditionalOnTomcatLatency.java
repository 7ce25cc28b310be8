package io.github.tomcatlatency.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * {@link Conditional @Conditional} that matches when tomcat-latency is on for a servlet
 * web application that Spring MVC serves on an embedded Tomcat: Tomcat, Boot's Tomcat
 * support and Spring MVC on the classpath, a {@code TomcatServletWebServerFactory} bean,
 * and {@code tomcat-latency.enabled} not {@code false}. Each auto-configuration of
 * tomcat-latency carries it, plus the conditions of its own feature.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnTomcatLatencyCondition.class)
public @interface ConditionalOnTomcatLatency {

}
