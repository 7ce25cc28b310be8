package io.github.tomcatlatency.bench.web;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small server-rendered application: Thymeleaf pages with layout fragments and message
 * bundles over Spring Data JPA on an in-memory H2 database. Left at Spring Boot's default
 * configuration, so that benchmarks measure what a user who configures nothing gets.
 */
@SpringBootApplication
public class WebBenchApplication {

	public static void main(String[] args) {
		SpringApplication.run(WebBenchApplication.class, args);
	}

}
