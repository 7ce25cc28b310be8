/**
 * A small REST application at Spring Boot's defaults, for benchmarks.
 */
package io.github.tomcatlatency.bench.rest;
