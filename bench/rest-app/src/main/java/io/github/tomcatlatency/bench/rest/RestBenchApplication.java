package io.github.tomcatlatency.bench.rest;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small REST application, written the way a team writes one and left at Spring Boot's
 * default configuration, so that benchmarks measure what a user who configures nothing
 * gets.
 */
@SpringBootApplication
public class RestBenchApplication {

	public static void main(String[] args) {
		SpringApplication.run(RestBenchApplication.class, args);
	}

}
