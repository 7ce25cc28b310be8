package io.github.tomcatlatency.autoconfigure.aot;

import java.util.stream.Collectors;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a {@link BuildTimeSwitchesException} into Boot's start-up failure report, without
 * a stack trace: the switches, their build-time and run-time values, and the two ways to
 * a start that matches the configuration.
 */
class BuildTimeSwitchesFailureAnalyzer extends AbstractFailureAnalyzer<BuildTimeSwitchesException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, BuildTimeSwitchesException cause) {
		StringBuilder description = new StringBuilder(
				"The application runs from the code that Spring AOT generated (spring.aot.enabled=true or a native "
						+ "image), in which Spring AOT evaluated tomcat-latency's conditions when it processed the "
						+ "application. A switch of this run has another value than it had then, and the generated "
						+ "context would not follow it:\n");
		cause.getDifferences().forEach((difference) -> description.append("\n    ").append(difference));
		String settings = cause.getDifferences()
			.stream()
			.map((difference) -> "-D" + difference.runTimeSetting())
			.collect(Collectors.joining(" "));
		String action = "Give Spring AOT the run's values where it processes the application, and build it again: "
				+ settings + " in the <jvmArguments> of spring-boot-maven-plugin's process-aot execution, or in "
				+ "processAot's jvmArgs with Gradle. Or start without -Dspring.aot.enabled=true (on the JVM), so "
				+ "that the conditions are evaluated as the application starts.";
		return new FailureAnalysis(description.toString(), action, cause);
	}

}
