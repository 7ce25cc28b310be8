package io.github.tomcatlatency.sample;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Endpoints that make each phase visible: {@code /fast} spends almost nothing anywhere,
 * {@code /slow} spends its time in the controller (mvc), {@code /filtered} behind a slow
 * filter (filters).
 */
@RestController
class DemoController {

	private static final long MAX_SLEEP_MILLIS = 2000;

	@GetMapping("/fast")
	String fast() {
		return "fast";
	}

	@GetMapping("/slow")
	String slow(@RequestParam(defaultValue = "200") long millis) throws InterruptedException {
		long bounded = Math.max(0, Math.min(millis, MAX_SLEEP_MILLIS));
		Thread.sleep(bounded);
		return "slow " + bounded + " ms";
	}

	@GetMapping("/filtered")
	String filtered() {
		return "filtered";
	}

	@GetMapping("/greetings/{name}")
	String greeting(@PathVariable String name) {
		return "hello " + name;
	}

}
