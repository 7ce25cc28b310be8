package io.github.tomcatlatency.trainer;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What a training does with the code Spring AOT generated at the jar's build, decided
 * once from the jar, the {@link SpringAot} setting and production's JVM options, which
 * win: the launch line never starts the context otherwise than they say.
 *
 * @param options the JVM options the training adds to production's, in its runs and its
 * launch line: {@value #ENABLED}, or none
 * @param note what the tool's log says about it, once, or {@code null} when the setting
 * or production's JVM options decided
 * @param onFailure what a failed run's message adds: how to train without the generated
 * code, or nothing when the training did not add it
 */
record SpringAotUse(List<String> options, @Nullable String note, String onFailure) {

	/**
	 * The JVM option that starts the context from the generated code.
	 */
	static final String ENABLED = "-Dspring.aot.enabled=true";

	private static final String PROPERTY = "-Dspring.aot.enabled=";

	/**
	 * Decide.
	 * @param setting the tool's setting
	 * @param jar the application's jar
	 * @param jvmArguments production's JVM options
	 * @param names how the tool names its settings
	 * @return what the training does
	 */
	static SpringAotUse of(SpringAot setting, BootJar jar, List<String> jvmArguments, SettingNames names) {
		if (setting == SpringAot.OFF || jvmArguments.stream().anyMatch((argument) -> argument.startsWith(PROPERTY))) {
			return new SpringAotUse(List.of(), null, "");
		}
		if (jar.springAot()) {
			return new SpringAotUse(List.of(ENABLED), "Spring AOT: " + jar.fileName()
					+ " holds the code process-aot generated: the training run, the check start and the launch line "
					+ "start the context from it (" + ENABLED + "); set " + names.springAot() + " to off to train "
					+ "without it",
					" The context started from the code Spring AOT generated at the build (" + ENABLED + ", as "
							+ jar.fileName() + " holds it): when that code does not match the application as it "
							+ "runs (a profile, condition or property fixed at build time, classes built apart), "
							+ "rebuild the jar with process-aot, or set " + names.springAot() + " to off to train "
							+ "without Spring AOT.");
		}
		return new SpringAotUse(List.of(), "Spring AOT: " + jar.fileName() + " was built without process-aot, so its "
				+ "context starts from its configuration classes. Built with it (spring-boot-maven-plugin's process-aot "
				+ "goal, Gradle's org.springframework.boot.aot plugin), the training and the launch line would start "
				+ "it from generated code, faster, with its profiles and @Conditional conditions fixed at build time: "
				+ "see \"With Spring AOT\" in docs/training.md", "");
	}

}
