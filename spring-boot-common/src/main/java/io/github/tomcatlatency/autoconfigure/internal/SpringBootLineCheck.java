package io.github.tomcatlatency.autoconfigure.internal;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.ClassUtils;

/**
 * Fails fast, before any auto-configuration is loaded, when the application runs a Spring
 * Boot version its tomcat-latency starter is not built for, or has the starters of two
 * lines. Each starter registers its own subclass in {@code spring.factories}, which every
 * Boot version reads; it uses no API newer than Boot 1, so that any other version gets
 * this message instead of a class-loading error.
 */
public abstract class SpringBootLineCheck implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	private static final String SCANNER = "check its Tomcat with the command-line scanner instead, which reads "
			+ "the packaged application (io.github.tomcatlatency:tomcat-latency-cli)";

	private final SpringBootLine line;

	/**
	 * Create a check for the given line's starter.
	 * @param line the line the starter is built for
	 */
	protected SpringBootLineCheck(SpringBootLine line) {
		this.line = line;
	}

	@Override
	public void initialize(ConfigurableApplicationContext applicationContext) {
		ClassLoader classLoader = applicationContext.getClassLoader();
		check(this.line, SpringBootVersion.getVersion(),
				(other) -> ClassUtils.isPresent(other.checkClassName(), classLoader));
	}

	static void check(SpringBootLine line, @Nullable String bootVersion, Predicate<SpringBootLine> starterPresent) {
		List<SpringBootLine> present = Arrays.stream(SpringBootLine.values()).filter(starterPresent).toList();
		int[] version = majorMinor(bootVersion);
		if (present.size() > 1) {
			SpringBootLine running = (version != null) ? lineRunning(version) : null;
			throw new UnsupportedSpringBootVersionException(
					"The application has two tomcat-latency starters, " + starters(present)
							+ ", but one Spring Boot line",
					(running != null)
							? "Keep " + running.starter() + ", the one for Spring Boot " + running.versions()
									+ ", and remove the other."
							: "Keep the one for the application's Spring Boot line.");
		}
		if (version == null || line.runs(version[0], version[1])) {
			return;
		}
		SpringBootLine running = lineRunning(version);
		if (running != null) {
			throw new UnsupportedSpringBootVersionException(
					line.starter() + " is for Spring Boot " + line.versions()
							+ " but this application runs Spring Boot " + bootVersion,
					"Replace it with io.github.tomcatlatency:" + running.starter() + ", the starter for Spring Boot "
							+ running.versions() + ".");
		}
		throw new UnsupportedSpringBootVersionException(
				"tomcat-latency supports Spring Boot " + supported() + " but this application runs Spring Boot "
						+ bootVersion,
				"Upgrade the application to Spring Boot " + supported() + ", or remove " + line.starter() + " and "
						+ SCANNER + ".");
	}

	private static @Nullable SpringBootLine lineRunning(int[] version) {
		return Arrays.stream(SpringBootLine.values())
			.filter((candidate) -> candidate.runs(version[0], version[1]))
			.findFirst()
			.orElse(null);
	}

	private static String supported() {
		return String.join(" or ",
				Arrays.stream(SpringBootLine.values())
					.map((line) -> line.versions() + " (" + line.starter() + ")")
					.toList());
	}

	private static String starters(List<SpringBootLine> lines) {
		return String.join(" and ", lines.stream().map(SpringBootLine::starter).toList());
	}

	/**
	 * Return the major and minor numbers of a version.
	 * @param version the version
	 * @return the numbers, or {@code null} for an unrecognisable version (a fork, a
	 * shaded build), which is given the benefit of the doubt
	 */
	private static int @Nullable [] majorMinor(@Nullable String version) {
		if (version == null) {
			return null;
		}
		String[] parts = version.split("\\.", 3);
		if (parts.length < 2 || !isNumber(parts[0]) || !isNumber(parts[1])) {
			return null;
		}
		return new int[] { Integer.parseInt(parts[0]), Integer.parseInt(parts[1]) };
	}

	private static boolean isNumber(String text) {
		return !text.isEmpty() && text.length() < 6 && text.chars().allMatch(Character::isDigit);
	}

}
