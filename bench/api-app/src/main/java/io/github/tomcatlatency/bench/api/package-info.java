/**
 * A secured REST API over a database at Spring Boot's defaults, for benchmarks.
 */
package io.github.tomcatlatency.bench.api;
