package io.github.tomcatlatency.autoconfigure.warmup;

import java.util.List;

import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.routes.WarmupRoutes;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for the built-in JSON requests, which are sent only to applications
 * whose handlers write or read a JSON body: a real embedded Tomcat, the requests sent
 * over loopback.
 */
class JsonBodiesIntegrationTests {

	private static final String JSON_GET = "GET " + WarmupRoutes.JSON_PATH;

	private static final String JSON_POST = "POST " + WarmupRoutes.JSON_PATH;

	private static final String TEXT_GET = "GET " + WarmupRoutes.TEXT_PATH + "?name=warm-up";

	@Test
	void applicationOfViewsAndTextIsSentNoJsonRequest() {
		// Boot's error controller writes a JSON body too: its route is warmed after
		// readiness, so it does not count.
		assertThat(sentBeforeReadiness(ViewsAndTextApplication.class)).contains(TEXT_GET)
			.doesNotContain(JSON_GET, JSON_POST);
	}

	@Test
	void applicationThatWritesJsonOnlyIsSentTheJsonResponseOnly() {
		assertThat(sentBeforeReadiness(WritingApplication.class)).contains(TEXT_GET, JSON_GET)
			.doesNotContain(JSON_POST);
	}

	@Test
	void applicationThatReadsJsonIsSentBothJsonRequests() {
		assertThat(sentBeforeReadiness(ReadingApplication.class)).contains(TEXT_GET, JSON_GET, JSON_POST);
	}

	@Test
	void functionalEndpointsCountAsWritingAndReadingJson() {
		assertThat(sentBeforeReadiness(FunctionalApplication.class)).contains(TEXT_GET, JSON_GET, JSON_POST);
	}

	private static List<String> sentBeforeReadiness(Class<?> application) {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(application)
			.properties("server.port=0")
			.run()) {
			return context.getBean(WarmupRunner.class)
				.getResult()
				.requests()
				.stream()
				.map((RequestResult request) -> request.method() + " " + request.path())
				.toList();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ PageController.class, TextController.class })
	static class ViewsAndTextApplication {

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ PageController.class, RecordController.class })
	static class WritingApplication {

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ RecordController.class, ReadingController.class })
	static class ReadingApplication {

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(TextController.class)
	static class FunctionalApplication {

		@Bean
		RouterFunction<ServerResponse> greetings() {
			return RouterFunctions.route()
				.GET("/greetings", (request) -> ServerResponse.ok().body(new Greeting("hi")))
				.build();
		}

	}

	@Controller
	static class PageController {

		@GetMapping("/page")
		String page() {
			return "page";
		}

	}

	@RestController
	static class TextController {

		@GetMapping("/text")
		String text(@RequestParam String name) {
			return name;
		}

		@PostMapping("/notes")
		ResponseEntity<Void> note(@RequestBody String note) {
			return ResponseEntity.noContent().build();
		}

	}

	@RestController
	static class RecordController {

		@GetMapping("/greeting")
		Greeting greeting() {
			return new Greeting("hello");
		}

	}

	@RestController
	static class ReadingController {

		@PostMapping("/greeting")
		ResponseEntity<Greeting> echo(@RequestBody Greeting greeting) {
			return ResponseEntity.ok(greeting);
		}

	}

	record Greeting(String text) {

	}

}
