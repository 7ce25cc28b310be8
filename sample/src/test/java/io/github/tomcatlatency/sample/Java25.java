package io.github.tomcatlatency.sample;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Java 25 the AOT cache needs, at the {@code java25.home} system property: a test
 * that needs it is skipped without it, except in CI, which has one, where it fails.
 */
final class Java25 {

	private Java25() {
	}

	static Path home() {
		Path java25 = Path.of(System.getProperty("java25.home", ""));
		boolean present = Files.isExecutable(java25.resolve("bin/java"));
		assertThat(present || System.getenv("CI") == null).as("CI must have a Java 25 at java25.home (" + java25 + ")")
			.isTrue();
		assumeTrue(present, "No Java 25 at java25.home (" + java25 + "): the AOT cache needs it");
		return java25;
	}

}
