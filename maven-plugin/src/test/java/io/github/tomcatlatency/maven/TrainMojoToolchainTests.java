package io.github.tomcatlatency.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.toolchain.DefaultToolchainManager;
import org.apache.maven.toolchain.java.JavaToolchainFactory;
import org.apache.maven.toolchain.model.ToolchainModel;
import org.codehaus.plexus.logging.Logger;
import org.codehaus.plexus.logging.console.ConsoleLogger;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;

import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for the JDK the {@code train} goal chooses: {@code javaHome}, a JDK toolchain
 * that {@code jdkToolchain} selects with Maven's own toolchain manager, or Maven's JDK.
 */
class TrainMojoToolchainTests {

	private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));

	private static final String FEATURE = Integer.toString(Runtime.version().feature());

	@Test
	void jdkToolchainSelectsTheMatchingToolchainsJdk() throws MojoFailureException {
		TrainMojo mojo = mojo(Map.of("version", FEATURE), toolchain("11", Path.of("/no/such/jdk-11")),
				toolchain(FEATURE, JAVA_HOME));
		TrainMojo.JdkChoice jdk = mojo.jdk();
		assertThat(jdk.home()).isEqualTo(JAVA_HOME);
		assertThat(jdk.setting()).startsWith("jdkToolchain (JDK[" + JAVA_HOME);
	}

	@Test
	void jdkToolchainThatMatchesNoToolchainNamesIt() {
		TrainMojo mojo = mojo(Map.of("version", "99"), toolchain(FEATURE, JAVA_HOME));
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(mojo::jdk)
			.withMessage("jdkToolchain: no JDK toolchain in toolchains.xml matches {version=99}. Add one that does "
					+ "(~/.m2/toolchains.xml), change jdkToolchain, or set javaHome.");
	}

	@Test
	void javaHomeAndJdkToolchainTogetherAreAmbiguous() {
		TrainMojo mojo = mojo(Map.of("version", FEATURE), toolchain(FEATURE, JAVA_HOME));
		ReflectionTestUtils.setField(mojo, "javaHome", JAVA_HOME.toFile());
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(mojo::jdk)
			.withMessageStartingWith("javaHome and jdkToolchain are both set");
	}

	@Test
	void withoutEitherTheJdkThatRunsMaven() throws MojoFailureException {
		TrainMojo mojo = mojo(Map.of(), toolchain(FEATURE, Path.of("/no/such/jdk")));
		assertThat(mojo.jdk().home()).isEqualTo(JAVA_HOME);
		ReflectionTestUtils.setField(mojo, "javaHome", new File("/opt/jdk"));
		assertThat(mojo.jdk()).isEqualTo(new TrainMojo.JdkChoice(Path.of("/opt/jdk"), "javaHome"));
	}

	private static TrainMojo mojo(Map<String, String> requirements, ToolchainModel... toolchains) {
		Logger logger = new ConsoleLogger(Logger.LEVEL_DISABLED, "test");
		JavaToolchainFactory factory = new JavaToolchainFactory();
		ReflectionTestUtils.setField(factory, "logger", logger);
		DefaultToolchainManager manager = new DefaultToolchainManager();
		ReflectionTestUtils.setField(manager, "logger", logger);
		ReflectionTestUtils.setField(manager, "factories", Map.of("jdk", factory));
		MavenExecutionRequest request = new DefaultMavenExecutionRequest();
		request.setToolchains(Map.of("jdk", List.of(toolchains)));
		TrainMojo mojo = new TrainMojo();
		ReflectionTestUtils.setField(mojo, "toolchainManager", manager);
		ReflectionTestUtils.setField(mojo, "session", new MavenSession(null, null, request, null));
		ReflectionTestUtils.setField(mojo, "jdkToolchain", requirements);
		return mojo;
	}

	// A toolchain as toolchains.xml declares it.
	private static ToolchainModel toolchain(String version, Path jdkHome) {
		ToolchainModel model = new ToolchainModel();
		model.setType("jdk");
		model.addProvide("version", version);
		Xpp3Dom configuration = new Xpp3Dom("configuration");
		Xpp3Dom home = new Xpp3Dom("jdkHome");
		home.setValue(jdkHome.toString());
		configuration.addChild(home);
		model.setConfiguration(configuration);
		return model;
	}

}
