package io.github.tomcatlatency.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Fails fast, before any auto-configuration is loaded, when the application runs a Spring
 * Boot version older than 4. Registered in {@code spring.factories}, which every Boot
 * version reads, and uses no API newer than Boot 1, so that older versions get this
 * message instead of a class-loading error.
 */
final class SpringBootVersionCheck implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	static final String SUPPORTED = "4.0 or later";

	@Override
	public void initialize(ConfigurableApplicationContext applicationContext) {
		check(SpringBootVersion.getVersion());
	}

	static void check(@Nullable String bootVersion) {
		if (bootVersion != null && majorVersion(bootVersion) < 4) {
			throw new UnsupportedSpringBootVersionException(bootVersion);
		}
	}

	private static int majorVersion(String version) {
		int end = 0;
		while (end < version.length() && Character.isDigit(version.charAt(end))) {
			end++;
		}
		// An unrecognisable version (a fork, a shaded build) is given the benefit of the
		// doubt.
		return (end > 0) ? Integer.parseInt(version.substring(0, end)) : Integer.MAX_VALUE;
	}

}
