package io.github.tomcatlatency.sample;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import io.github.tomcatlatency.sample.MatrixApplication.FirstRequest;
import io.github.tomcatlatency.sample.MatrixStart.Answer;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged sample and benchmark applications in the configurations deployments use,
 * each application started twice side by side from the same jar: with the starter
 * switched off ({@code tomcat-latency.enabled=false}) and with its defaults. With the
 * starter it must become ready whenever it does without, answer its first requests as it
 * does without, and log no WARN or ERROR line and no stack trace that the start without
 * it does not.
 * <p>
 * Each configuration runs on at least one application, the context path's spellings on
 * two: the REST application and, behind Spring Security's HTTP Basic, the API application
 * (Spring Security is on the class path of that one only, which secures itself; the
 * others cannot switch it on without code).
 */
class ConfigurationMatrixIT {

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("configurations")
	// Several configurations at a time (as many as the failsafe configuration allows):
	// one's starts use the CPUs while another waits for the warm-up's requests that
	// follow readiness, each after a pause of the traffic.
	@Execution(ExecutionMode.CONCURRENT)
	void startsAnswersAndLogsAsWithoutTheStarter(MatrixApplication application, MatrixConfiguration configuration)
			throws Exception {
		try (MatrixStart without = MatrixStart.launch(application, configuration, false);
				MatrixStart with = MatrixStart.launch(application, configuration, true)) {
			String start = application + ", " + configuration + ": ";
			String notReadyWithout = without.awaitReady();
			assertThat(notReadyWithout)
				.withFailMessage(() -> start + "without the starter (not a configuration the application runs in): "
						+ notReadyWithout + "\n" + output(without))
				.isNull();
			String notReady = with.awaitReady();
			SoftAssertions softly = new SoftAssertions();
			softly.assertThat(notReady).as(start + "with the starter, ready as without it").isNull();
			if (notReady == null) {
				List<FirstRequest> requests = application.firstRequests(configuration.actuatorBasePath());
				List<Answer> expected = new ArrayList<>();
				for (FirstRequest request : requests) {
					Answer answer = without.send(request);
					expected.add(answer);
					softly.assertThat(with.send(request)).as(start + request).isEqualTo(answer);
				}
				assertThat(List.of(expected.get(0).status(), expected.get(expected.size() - 1).status()))
					.as(start
							+ "without the starter, the route and the readiness probe answer (the requests are right)")
					.containsOnly(200);
				with.awaitBackgroundWarmup();
			}
			without.stop();
			with.stop();
			int exitWithout = without.awaitExit();
			int exit = with.awaitExit();
			if (notReady == null) {
				softly.assertThat(exit).as(start + "exit status after SIGTERM").isEqualTo(exitWithout);
			}
			Set<String> problems = with.problems();
			problems.removeAll(without.problems());
			softly.assertThat(problems)
				.as(start + "WARN and ERROR lines and stack traces with the starter only")
				.isEmpty();
			softly.assertAll();
		}
	}

	static Stream<Arguments> configurations() {
		List<Arguments> configurations = new ArrayList<>();
		for (String spelling : List.of("/x/", "/", "", "/a/b/")) {
			configurations.add(Arguments.of(MatrixApplication.REST_APP, MatrixConfiguration.contextPath(spelling)));
			configurations.add(Arguments.of(MatrixApplication.API_APP, MatrixConfiguration.contextPath(spelling)));
		}
		configurations.add(Arguments.of(MatrixApplication.API_APP, MatrixConfiguration
			.of("forwarded headers by the framework", "--server.forward-headers-strategy=framework")));
		configurations.add(Arguments.of(MatrixApplication.SAMPLE,
				MatrixConfiguration.of("forwarded headers by Tomcat", "--server.forward-headers-strategy=native")));
		configurations.add(Arguments.of(MatrixApplication.WEB_APP,
				MatrixConfiguration.of("lazy initialization", "--spring.main.lazy-initialization=true")));
		configurations.add(Arguments.of(MatrixApplication.SAMPLE,
				MatrixConfiguration.of("one Tomcat thread", "--server.tomcat.threads.max=1")));
		configurations.add(Arguments.of(MatrixApplication.REST_APP, MatrixConfiguration.of("the ant path matcher",
				"--spring.mvc.pathmatch.matching-strategy=ant_path_matcher")));
		configurations.add(Arguments.of(MatrixApplication.WEB_APP,
				MatrixConfiguration.of("no static resource mappings", "--spring.web.resources.add-mappings=false")));
		configurations.add(Arguments.of(MatrixApplication.WEB_APP,
				MatrixConfiguration.of("a custom error path", "--server.error.path=/oops")));
		configurations.add(Arguments.of(MatrixApplication.REST_APP, MatrixConfiguration.actuatorBasePath("/manage")));
		configurations.add(Arguments.of(MatrixApplication.SAMPLE,
				MatrixConfiguration.of("h2c, HTTP/2 without TLS", "--server.http2.enabled=true")));
		configurations.add(Arguments.of(MatrixApplication.REST_APP, MatrixConfiguration.address("::1")));
		configurations.add(Arguments.of(MatrixApplication.SAMPLE, MatrixConfiguration.servletPath("/api/", "/api")));
		// Behind Spring Security, Boot 4 refuses "/api/" with or without the starter (its
		// request matchers' base path must not end with a slash).
		configurations.add(Arguments.of(MatrixApplication.API_APP, MatrixConfiguration.servletPath("/api", "/api")));
		return configurations.stream();
	}

	private static String output(MatrixStart start) {
		try {
			return start.output();
		}
		catch (IOException ex) {
			return "(log not readable: " + ex.getMessage() + ")";
		}
	}

}
