package io.github.tomcatlatency.bench.api;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A library's REST API, written the way a team writes one: entities with relations in a
 * database, Spring Data repositories, MapStruct mappers, validated request bodies, HTTP
 * Basic against users stored in the database, an OpenAPI description and an exception
 * handler that logs what it does not expect. Nothing in it is tuned for the starter.
 */
@SpringBootApplication
public class ApiBenchApplication {

	public static void main(String[] args) {
		SpringApplication.run(ApiBenchApplication.class, args);
	}

}
