package io.github.tomcatlatency.autoconfigure.phase;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.phase.PhaseRecorder;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A recorder that fails must not break requests, nor the connection they arrived on.
 */
@SpringBootTest(classes = FailingRecorderIntegrationTests.TestApplication.class,
		webEnvironment = WebEnvironment.RANDOM_PORT)
class FailingRecorderIntegrationTests {

	@LocalServerPort
	private int port;

	@Autowired
	private AtomicInteger failures;

	@Test
	void requestsSucceedOnTheSameConnectionWhileTheRecorderFails() throws Exception {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(10_000);
			BufferedReader in = new BufferedReader(
					new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
			OutputStream out = socket.getOutputStream();
			for (int i = 1; i <= 5; i++) {
				out.write("GET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
				out.flush();
				assertThat(in.readLine()).isEqualTo("HTTP/1.1 200 ");
				assertThat(readBody(in)).isEqualTo("hello");
				int expected = i;
				await().untilAsserted(() -> assertThat(this.failures).hasValue(expected));
			}
		}
	}

	private static String readBody(BufferedReader in) throws Exception {
		int length = 0;
		for (String line = in.readLine(); !line.isEmpty(); line = in.readLine()) {
			if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
				length = Integer.parseInt(line.substring(15).trim());
			}
		}
		char[] body = new char[length];
		int read = 0;
		while (read < length) {
			read += in.read(body, read, length - read);
		}
		return new String(body);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(HelloController.class)
	static class TestApplication {

		@Bean
		AtomicInteger failures() {
			return new AtomicInteger();
		}

		@Bean
		PhaseRecorder failingRecorder(AtomicInteger failures) {
			return (route, method, status, container, filters, mvc) -> {
				failures.incrementAndGet();
				throw new IllegalStateException("recorder failure");
			};
		}

	}

	@RestController
	static class HelloController {

		@GetMapping("/hello")
		String hello() {
			return "hello";
		}

	}

}
