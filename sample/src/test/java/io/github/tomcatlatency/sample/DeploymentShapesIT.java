package io.github.tomcatlatency.sample;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged sample started the ways applications are deployed, each in its own JVM:
 * every shape warms (the configured request reaches its route before readiness), answers
 * its first request and logs nothing of the starter's above INFO.
 */
class DeploymentShapesIT {

	private static final String LOOPBACK = "127.0.0.1";

	private static final String CONFIGURED = "/greetings/warm-up";

	@Test
	void actuatorOnASeparateManagementPortWarms() throws Exception {
		int port = LoggedProcess.freePort();
		try (SampleJar sample = SampleJar.launch(LOOPBACK, port, LoggedProcess.freePort(), SampleJar.java())) {
			assertWarmedQuietly(sample);
		}
	}

	@Test
	void virtualThreadsWarm() throws Exception {
		// Spring Boot runs Tomcat's requests on virtual threads from Java 21 on.
		String java25 = Java25.home().resolve("bin/java").toString();
		int port = LoggedProcess.freePort();
		try (SampleJar sample = SampleJar.launch(LOOPBACK, port, port, List.of(java25),
				"--spring.threads.virtual.enabled=true", "--logging.level.io.github.tomcatlatency.warmup=debug")) {
			assertWarmedQuietly(sample);
			// Tomcat's virtual threads are named tomcat-handler-N, the log shows the
			// thread name's last 15 characters.
			assertThat(sample.output()).as("requests on virtual threads").contains("[omcat-handler-");
			// Side by side, cold requests on virtual threads can hang start-up in Spring
			// Boot's nested-jar class loading: the built-in requests go on one lane, the
			// thread tomcat-latency-warmup, without its helper tomcat-latency-warmup-1.
			assertThat(sample.output()).as("built-in requests sent one at a time")
				.contains("[-latency-warmup] i.g.t.warmup.internal.WarmupRunner")
				.doesNotContain("[atency-warmup-1]");
		}
	}

	@Test
	void springAotModeWarms() throws Exception {
		// The jar holds the initializers of spring-boot:process-aot.
		int port = LoggedProcess.freePort();
		try (SampleJar sample = SampleJar.launch(LOOPBACK, port, port, SampleJar.java("-Dspring.aot.enabled=true"))) {
			assertWarmedQuietly(sample);
			assertThat(sample.output()).contains("Starting AOT-processed");
		}
	}

	@Test
	void aPortChosenByTheSystemWarms() throws Exception {
		try (SampleJar sample = SampleJar.launch(LOOPBACK, 0, 0, SampleJar.java())) {
			assertWarmedQuietly(sample);
		}
	}

	@Test
	void aServerBoundToAnAddressOtherThan127001Warms() throws Exception {
		String address = anotherAddress();
		int port = LoggedProcess.freePort();
		try (SampleJar sample = SampleJar.launch(address, port, port, SampleJar.java())) {
			assertWarmedQuietly(sample);
		}
	}

	@Test
	void sigtermDuringALongWarmUpClosesTheApplicationPromptlyAndLeavesNothingBehind(@TempDir Path temporary)
			throws Exception {
		int port = LoggedProcess.freePort();
		// Thirty requests of two seconds each: a warm-up of a minute, on one lane.
		try (SampleJar sample = SampleJar.launch(LOOPBACK, port, port, SampleJar.java("-Djava.io.tmpdir=" + temporary),
				"--tomcat-latency.warmup.requests[0].path=" + CONFIGURED,
				"--tomcat-latency.warmup.requests[1].path=/slow?millis=2000",
				"--tomcat-latency.warmup.requests[1].repetitions=30", "--tomcat-latency.warmup.timeout=120s",
				"--logging.level.io.github.tomcatlatency.classload=debug")) {
			sample.await("/actuator/health/liveness", 200);
			assertThat(sample.management("/actuator/health/readiness").statusCode()).as("readiness while warming")
				.isEqualTo(503);
			// Graceful shutdown waits for the request in flight, two seconds at most.
			assertThat(sample.terminate(Duration.ofSeconds(30))).as("exit status after SIGTERM").isEqualTo(143);
			assertQuiet(sample.output());
			// Boot still publishes readiness once the warm-up returns: the starter must
			// not start what it starts at readiness (its class load log, said at DEBUG)
			// in a closed application.
			assertThat(sample.output()).doesNotContain("Logging the JVM's class loads");
			assertThat(temporary).isDirectoryNotContaining("glob:**/tomcat-latency-*");
		}
	}

	@Test
	void springdocsRoutesAreWarmedWhereItsConfigurationPutsThem() throws Exception {
		int port = LoggedProcess.freePort();
		try (SampleJar sample = SampleJar.launch(LOOPBACK, port, port, SampleJar.java(),
				"--springdoc.swagger-ui.path=/docs/ui.html", "--springdoc.api-docs.path=/docs/api",
				"--tomcat-latency.warmup.traffic-pause=100ms",
				// Where the routes are is tested, not how fast: springdoc's first
				// /docs/api
				// builds the whole document, which took over the 5 s default on a busy
				// machine (load average 28) and was then rightly not warmed.
				"--tomcat-latency.warmup.request-timeout=60s", "--tomcat-latency.warmup.timeout=120s")) {
			assertWarmedQuietly(sample);
			List<Map<String, Object>> requests = requestsAfterReadiness(sample);
			assertThat(requests).filteredOn((request) -> "BUILT_IN".equals(request.get("origin")))
				.extracting((request) -> request.get("path") + " " + request.get("status"))
				.contains("/docs/api 200", "/docs/swagger-ui/index.html 200");
			// No 404 but those the error page's requests ask for.
			assertThat(requests).filteredOn((request) -> !String.valueOf(request.get("path")).endsWith("/not-found"))
				.allSatisfy((request) -> assertThat(String.valueOf(request.get("status")))
					.as(String.valueOf(request.get("path")))
					.isNotEqualTo("404"));
		}
	}

	@Test
	void springdocOnTheManagementPortIsNotWarmedOnTheApplicationsPort() throws Exception {
		int port = LoggedProcess.freePort();
		try (SampleJar sample = SampleJar.launch(LOOPBACK, port, LoggedProcess.freePort(), SampleJar.java(),
				"--springdoc.use-management-port=true", "--tomcat-latency.warmup.traffic-pause=100ms")) {
			assertWarmedQuietly(sample);
			assertThat(requestsAfterReadiness(sample)).extracting((request) -> String.valueOf(request.get("path")))
				.isNotEmpty()
				.noneMatch((path) -> path.contains("api-docs") || path.contains("swagger-ui"));
		}
	}

	/**
	 * Return the warm-up's requests once those after readiness are listed too.
	 */
	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> requestsAfterReadiness(SampleJar sample) throws Exception {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		while (true) {
			Map<String, Object> warmup = (Map<String, Object>) JsonParserFactory.getJsonParser()
				.parseMap(sample.management("/actuator/tomcat-latency").body())
				.get("warmup");
			List<Map<String, Object>> requests = (List<Map<String, Object>>) warmup.get("requests");
			if (requests.stream().anyMatch((request) -> String.valueOf(request.get("path")).endsWith("/not-found"))) {
				return requests;
			}
			assertThat(System.nanoTime()).as("the requests after readiness listed within 60 s").isLessThan(deadline);
			Thread.sleep(200);
		}
	}

	@SuppressWarnings("unchecked")
	private static void assertWarmedQuietly(SampleJar sample) throws Exception {
		sample.awaitHealthy();
		Map<String, Object> warmup = (Map<String, Object>) JsonParserFactory.getJsonParser()
			.parseMap(sample.management("/actuator/tomcat-latency").body())
			.get("warmup");
		assertThat(warmup).containsEntry("state", "COMPLETED");
		assertThat((List<Map<String, Object>>) warmup.get("requests"))
			.filteredOn((request) -> "CONFIGURED".equals(request.get("origin")))
			.singleElement()
			.satisfies((request) -> assertThat(request).containsEntry("path", CONFIGURED)
				.containsEntry("outcome", "WARMED"));
		assertThat(sample.get("/greetings/first").statusCode()).isEqualTo(200);
		assertQuiet(sample.output());
	}

	private static void assertQuiet(String output) {
		// springdoc warns that its endpoints are on by default, and on the management
		// port Boot warns of the id of its actuator endpoint, with or without the
		// starter.
		assertThat(output.lines()).noneMatch((line) -> line.contains(" ERROR "))
			.noneMatch((line) -> line.startsWith("\tat "))
			.filteredOn((line) -> line.contains(" WARN "))
			.allMatch((line) -> line.contains("SpringDoc") || line.contains("Endpoint ID 'swagger-ui'"));
	}

	/**
	 * Return an address of this host's other than {@code 127.0.0.1}: that of a network
	 * interface, or another loopback address on a host without one.
	 */
	private static String anotherAddress() throws SocketException {
		return NetworkInterface.networkInterfaces()
			.filter(DeploymentShapesIT::isUpAndNotLoopback)
			.flatMap(NetworkInterface::inetAddresses)
			.filter(Inet4Address.class::isInstance)
			.map(InetAddress::getHostAddress)
			.findFirst()
			.orElse("127.0.0.2");
	}

	private static boolean isUpAndNotLoopback(NetworkInterface network) {
		try {
			return network.isUp() && !network.isLoopback();
		}
		catch (SocketException ex) {
			return false;
		}
	}

}
