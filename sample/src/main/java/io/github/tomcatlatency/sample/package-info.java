/**
 * A Spring MVC application that shows each phase of tomcat-latency's request split.
 */
package io.github.tomcatlatency.sample;
