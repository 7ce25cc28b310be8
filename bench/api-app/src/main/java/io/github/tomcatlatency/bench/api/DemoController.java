package io.github.tomcatlatency.bench.api;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A route that fails on purpose, as a bug would: its answers go through the exception
 * handler.
 */
@RestController
public class DemoController {

	@GetMapping("/demo/fail")
	public String fail() {
		throw new IllegalStateException("Failing on purpose");
	}

}
