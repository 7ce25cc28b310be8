/**
 * JMH benchmarks of the starter's work on Tomcat's request path.
 */
package io.github.tomcatlatency.bench.jmh;
