/**
 * A small server-rendered application (Thymeleaf, JPA on H2) at Spring Boot's defaults,
 * for benchmarks.
 */
package io.github.tomcatlatency.bench.web;
