package io.github.tomcatlatency.advisory;

/**
 * A Spring Boot release and the Tomcat version it manages.
 *
 * @param version the Spring Boot version, for example {@code "4.0.8"}
 * @param tomcatVersion the Tomcat version that release manages
 */
public record BootRelease(String version, TomcatVersion tomcatVersion) {

}
