package io.github.tomcatlatency.autoconfigure.aot;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.jspecify.annotations.Nullable;

import org.springframework.core.env.PropertyResolver;
import org.springframework.core.io.ClassPathResource;

/**
 * The values of the starter's switches, its {@code @ConditionalOnBooleanProperty}
 * properties that default to {@code true}, as Spring AOT saw them when it processed the
 * application. Spring AOT evaluates conditions at build time only: a switch with another
 * effective value at run time would not change the generated context.
 */
final class BuildTimeSwitches {

	/**
	 * Where the build-time values are, next to Spring AOT's other generated resources.
	 */
	static final String LOCATION = "META-INF/tomcat-latency/spring-aot-switches.properties";

	/**
	 * The switches, each with {@code matchIfMissing = true} on its conditions.
	 * {@code tomcat-latency.warmup.training} is not one: its configuration is generated
	 * whatever its value and decided at run time.
	 */
	static final List<String> NAMES = List.of("tomcat-latency.enabled", "tomcat-latency.metrics.enabled",
			"tomcat-latency.metrics.exclude-actuator", "tomcat-latency.advisories.enabled",
			"tomcat-latency.warmup.enabled", "tomcat-latency.warmup.framework-requests",
			"tomcat-latency.cache.enabled");

	/**
	 * Set when contexts processed with different values wrote the same resource (Spring
	 * AOT's test contexts): nothing is compared then.
	 */
	private static final String VARIES = "tomcat-latency.aot.switches-vary";

	private final Properties values;

	private BuildTimeSwitches(Properties values) {
		this.values = values;
	}

	/**
	 * Return the switches' values in an environment: those set, the others left out.
	 * @param environment the environment
	 * @return the values
	 */
	static BuildTimeSwitches of(PropertyResolver environment) {
		Properties values = new Properties();
		for (String name : NAMES) {
			String value = environment.getProperty(name);
			if (value != null) {
				values.setProperty(name, value);
			}
		}
		return new BuildTimeSwitches(values);
	}

	/**
	 * Load the values that Spring AOT recorded, if it did.
	 * @param classLoader the application's class loader
	 * @return the values, or {@code null} if none were recorded
	 */
	static @Nullable BuildTimeSwitches load(@Nullable ClassLoader classLoader) {
		ClassPathResource resource = new ClassPathResource(LOCATION, classLoader);
		if (!resource.exists()) {
			return null;
		}
		Properties values = new Properties();
		try (InputStream input = resource.getInputStream()) {
			values.load(input);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + LOCATION, ex);
		}
		return new BuildTimeSwitches(values);
	}

	/**
	 * Return the values recorded by two contexts in one resource: these if they are the
	 * same as the other's, else none to compare.
	 * @param other the content of the resource written before
	 * @return the content to write
	 */
	String mergedWith(String other) {
		Properties written = new Properties();
		try {
			written.load(new StringReader(other));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		if (written.equals(this.values)) {
			return other;
		}
		Properties varies = new Properties();
		varies.setProperty(VARIES, "true");
		return new BuildTimeSwitches(varies).toContent();
	}

	/**
	 * Return the differences between these build-time values and those of a run: the
	 * switches whose effective values differ.
	 * @param environment the run's environment
	 * @return the differences, empty if there are none
	 */
	List<Difference> differences(PropertyResolver environment) {
		List<Difference> differences = new ArrayList<>();
		if (this.values.containsKey(VARIES)) {
			return differences;
		}
		for (String name : NAMES) {
			String built = this.values.getProperty(name);
			String running = environment.getProperty(name);
			if (isOn(built) != isOn(running)) {
				differences.add(new Difference(name, built, running));
			}
		}
		return differences;
	}

	/**
	 * Return the content of the resource: the values in properties format, without the
	 * date that would make two builds' resources differ.
	 * @return the content
	 */
	String toContent() {
		StringWriter writer = new StringWriter();
		try {
			this.values.store(writer, null);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		StringBuilder content = new StringBuilder(
				"# tomcat-latency's switches as Spring AOT processed the application, compared at run time\n");
		writer.toString()
			.lines()
			.filter((line) -> !line.startsWith("#"))
			.sorted()
			.forEach((line) -> content.append(line).append('\n'));
		return content.toString();
	}

	private static boolean isOn(@Nullable String value) {
		// As @ConditionalOnBooleanProperty(matchIfMissing = true) decides: not set, or
		// true in any case.
		return value == null || "true".equalsIgnoreCase(value);
	}

	/**
	 * A switch whose effective value at run time is not the one Spring AOT saw.
	 *
	 * @param name the property
	 * @param buildTime its value at build time, {@code null} if it was not set
	 * @param runTime its value at run time, {@code null} if it is not set
	 */
	record Difference(String name, @Nullable String buildTime, @Nullable String runTime) {

		/**
		 * Return the setting to give Spring AOT at build time for this run's value.
		 * @return the setting, {@code name=value}
		 */
		String runTimeSetting() {
			return this.name + "=" + ((this.runTime != null) ? this.runTime : "true");
		}

		@Override
		public String toString() {
			return this.name + " is " + describe(this.runTime) + " at run time but was " + describe(this.buildTime)
					+ " when Spring AOT processed the application";
		}

		private static String describe(@Nullable String value) {
			return (value != null) ? value : "true (not set)";
		}

	}

}
