/**
 * The Maven plugin: the verdict on the Tomcat a project resolves, and a trained start of
 * the application, at build time.
 */
package io.github.tomcatlatency.maven;
