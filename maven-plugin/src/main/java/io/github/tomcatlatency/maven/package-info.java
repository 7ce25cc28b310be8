/**
 * The Maven plugin: the verdict on the Tomcat a project resolves, at build time.
 */
package io.github.tomcatlatency.maven;
