package io.github.tomcatlatency.trainer;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SpringAotUse} and {@link SpringAot}, on jars built with and without
 * the initializer {@code process-aot} generates.
 */
class SpringAotUseTests {

	@TempDir
	Path directory;

	@Test
	void jarBuiltWithProcessAotIsTrainedAndLaunchedFromItsGeneratedCode() throws Exception {
		BootJar jar = aotJar();
		SpringAotUse use = SpringAotUse.of(SpringAot.AUTO, jar, List.of("-Xmx512m"), TestNames.NAMES);
		assertThat(use.options()).containsExactly("-Dspring.aot.enabled=true");
		assertThat(use.note()).isEqualTo("Spring AOT: " + jar.fileName() + " holds the code process-aot generated: "
				+ "the training run, the check start and the launch line start the context from it "
				+ "(-Dspring.aot.enabled=true); set springAot to off to train without it");
		assertThat(use.onFailure()).startsWith(" The context started from the code Spring AOT generated")
			.endsWith("or set springAot to off to train without Spring AOT.");
	}

	@Test
	void jarBuiltWithoutProcessAotChangesNothingButSaysHowToAddIt() throws Exception {
		BootJar jar = BootJar.of(BootJarTests.jar(this.directory, "4.0.7", BootJarTests.STARTER), TestNames.NAMES);
		SpringAotUse use = SpringAotUse.of(SpringAot.AUTO, jar, List.of(), TestNames.NAMES);
		assertThat(use.options()).isEmpty();
		assertThat(use.note()).startsWith("Spring AOT: " + jar.fileName() + " was built without process-aot")
			.contains("spring-boot-maven-plugin's process-aot goal, Gradle's org.springframework.boot.aot plugin")
			.contains("profiles and @Conditional conditions fixed at build time")
			.endsWith("docs/training.md");
		assertThat(use.onFailure()).isEmpty();
	}

	@Test
	void offAddsNothingAndSaysNothing() throws Exception {
		assertThat(SpringAotUse.of(SpringAot.OFF, aotJar(), List.of(), TestNames.NAMES))
			.isEqualTo(new SpringAotUse(List.of(), null, ""));
	}

	@Test
	void productionsOwnSpringAotOptionWins() throws Exception {
		for (String option : List.of("-Dspring.aot.enabled=false", "-Dspring.aot.enabled=true")) {
			assertThat(SpringAotUse.of(SpringAot.AUTO, aotJar(), List.of("-Xmx512m", option), TestNames.NAMES))
				.isEqualTo(new SpringAotUse(List.of(), null, ""));
		}
	}

	@Test
	void settingIsReadInAnyCaseAndNamedWhenInvalid() {
		assertThat(SpringAot.of("auto")).isEqualTo(SpringAot.AUTO);
		assertThat(SpringAot.of("OFF")).isEqualTo(SpringAot.OFF);
		assertThat(SpringAot.OFF).hasToString("off");
		assertThatIllegalArgumentException().isThrownBy(() -> SpringAot.of("true"))
			.withMessage("needs auto or off, got 'true'");
	}

	private BootJar aotJar() throws Exception {
		return BootJar.of(BootJarTests.jar(this.directory, "4.0.7", BootJarTests.STARTER,
				"BOOT-INF/classes/com/example/App__ApplicationContextInitializer.class"), TestNames.NAMES);
	}

}
