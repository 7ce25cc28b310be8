package io.github.tomcatlatency.trainer;

import java.util.Locale;

/**
 * Whether a training starts the application's context from the code Spring AOT generated
 * at its build ({@code process-aot}), which production then starts from too: its launch
 * line says so.
 */
public enum SpringAot {

	/**
	 * From the generated code when the jar holds it and production's JVM options do not
	 * set {@code spring.aot.enabled} themselves.
	 */
	AUTO,

	/**
	 * Never from the training's choice: production's JVM options alone decide.
	 */
	OFF;

	/**
	 * Return the setting a tool's value names, in any case.
	 * @param value {@code auto} or {@code off}
	 * @return the setting
	 * @throws IllegalArgumentException if the value is neither
	 */
	public static SpringAot of(String value) {
		for (SpringAot setting : values()) {
			if (setting.name().equalsIgnoreCase(value)) {
				return setting;
			}
		}
		throw new IllegalArgumentException("needs auto or off, got '" + value + "'");
	}

	/**
	 * Return the setting as the tools spell it.
	 * @return {@code auto} or {@code off}
	 */
	@Override
	public String toString() {
		return name().toLowerCase(Locale.ROOT);
	}

}
