package io.github.tomcatlatency.maven;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.trainer.SettingNames;
import io.github.tomcatlatency.trainer.SpringAot;
import io.github.tomcatlatency.trainer.Training;
import io.github.tomcatlatency.trainer.TrainingException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * Builds a trained start of the application: extracts its Spring Boot jar in the layout
 * the JVM's caches need, runs it once in the starter's training mode so that the JVM
 * writes an AOT cache (Java 25 and later) or a dynamic CDS archive (Java 17 to 24) that
 * knows the request path, checks that a production JVM with the same options uses the
 * cache, and writes the launch line next to it. Nothing is left in
 * {@code outputDirectory} unless every step succeeded; a directory the goal did not write
 * is never deleted. The steps are the {@link Training} the command line's {@code train}
 * runs too; this goal adds Maven's parameters, toolchains and log.
 */
@Mojo(name = "train", defaultPhase = LifecyclePhase.PACKAGE, threadSafe = true)
public class TrainMojo extends AbstractMojo {

	/**
	 * The application's Spring Boot executable jar, with the starter in it.
	 */
	@Parameter(property = "tomcat-latency.train.jar",
			defaultValue = "${project.build.directory}/${project.build.finalName}.jar")
	private File jar;

	/**
	 * Where the trained start is written: the extracted application, its cache and the
	 * launch line. Deleted first if the goal wrote it (or it is empty): the goal refuses
	 * any other directory. Written only once the cache has been checked.
	 */
	@Parameter(property = "tomcat-latency.train.outputDirectory",
			defaultValue = "${project.build.directory}/tomcat-latency")
	private File outputDirectory;

	/**
	 * Where the training and check runs' logs go.
	 */
	@Parameter(defaultValue = "${project.build.directory}", readonly = true, required = true)
	private File buildDirectory;

	/**
	 * The JDK that trains the cache: the one production runs, since a JVM ignores a cache
	 * another JDK wrote. Without it, {@code jdkToolchain}'s JDK, else the JDK toolchain
	 * maven-toolchains-plugin selected, else the JDK that runs Maven.
	 */
	@Parameter(property = "tomcat-latency.train.javaHome")
	private File javaHome;

	/**
	 * Requirements of the JDK toolchain that trains the cache, from
	 * {@code toolchains.xml}, for example a {@code version} of 25: the JDK production
	 * runs, where {@code javaHome} is not set.
	 */
	@Parameter
	private Map<String, String> jdkToolchain;

	@Parameter(defaultValue = "${session}", readonly = true, required = true)
	private MavenSession session;

	@Component
	private ToolchainManager toolchainManager;

	/**
	 * JVM options of production (heap, garbage collector, ...): used for the training run
	 * and written into the launch line, as the cache only works with the options it was
	 * trained with.
	 */
	@Parameter
	private List<String> jvmArguments = new ArrayList<>();

	/**
	 * Whether the training run, the check start and the launch line start the context
	 * from the code Spring AOT generated at the build ({@code process-aot} of
	 * spring-boot-maven-plugin): {@code auto} does when the jar holds it and
	 * {@code jvmArguments} do not set {@code spring.aot.enabled}; {@code off} never does.
	 */
	@Parameter(property = "tomcat-latency.train.springAot", defaultValue = "auto")
	private String springAot = "auto";

	/**
	 * Spring profiles active in the training run only, for example one that points the
	 * application at an embedded database.
	 */
	@Parameter(property = "tomcat-latency.train.profiles")
	private List<String> profiles = new ArrayList<>();

	/**
	 * Application properties of the training run only, for example
	 * {@code spring.datasource.url} pointing at an embedded database.
	 */
	@Parameter
	private Map<String, String> properties = new LinkedHashMap<>();

	/**
	 * Further application arguments of the training run and the check start, after those
	 * from {@code profiles}, {@code properties} and {@code warmupRequests}, for example
	 * {@code --spring.config.additional-location=file:src/training/training.yml}; on the
	 * command line, comma-separated.
	 */
	@Parameter(property = "tomcat-latency.train.arguments")
	private List<String> arguments = new ArrayList<>();

	/**
	 * Warm-up requests of the training run, each with {@code method}, {@code path},
	 * {@code headers}, {@code body} and {@code repetitions}: they replace the
	 * application's own {@code tomcat-latency.warmup.requests} for the training run, and
	 * reach the routes discovery cannot call (path variables, POST, credentials).
	 */
	@Parameter
	private List<WarmupRequest> warmupRequests = new ArrayList<>();

	/**
	 * The training run's port on 127.0.0.1; {@code 0}, a free one, by default.
	 */
	@Parameter(property = "tomcat-latency.train.port", defaultValue = "0")
	private int port;

	/**
	 * How long, in seconds, the training run and the check may each take before they are
	 * stopped and the build fails.
	 */
	@Parameter(property = "tomcat-latency.train.timeout", defaultValue = "300")
	private int timeout;

	/**
	 * Skip the training.
	 */
	@Parameter(property = "tomcat-latency.train.skip", defaultValue = "false")
	private boolean skip;

	@Override
	public void execute() throws MojoExecutionException, MojoFailureException {
		if (this.skip) {
			getLog().info("Skipping tomcat-latency:train");
			return;
		}
		Map<String, String> trainingProperties = new LinkedHashMap<>();
		for (int i = 0; i < this.warmupRequests.size(); i++) {
			trainingProperties.putAll(this.warmupRequests.get(i).properties(i));
		}
		trainingProperties.putAll(this.properties);
		JdkChoice jdk = jdk();
		SettingNames names = new SettingNames("jar", jdk.setting(), "outputDirectory", "jvmArguments", "springAot",
				"Run the train goal after spring-boot-maven-plugin's repackage (declare it after that plugin, or bind "
						+ "it to a later phase)");
		try {
			new Training(this.jar.toPath(), jdk.home(), this.outputDirectory.toPath(), this.buildDirectory.toPath(),
					names)
				.jvmArguments(this.jvmArguments)
				.springAot(springAot())
				.profiles(this.profiles)
				.properties(trainingProperties)
				.arguments(this.arguments)
				.port(this.port)
				.timeout(Duration.ofSeconds(this.timeout))
				.log(getLog()::info)
				.run();
		}
		catch (TrainingException ex) {
			throw new MojoFailureException(ex.getMessage(), ex);
		}
	}

	private SpringAot springAot() throws MojoFailureException {
		try {
			return SpringAot.of(this.springAot);
		}
		catch (IllegalArgumentException ex) {
			throw new MojoFailureException("springAot " + ex.getMessage() + ".");
		}
	}

	/**
	 * Return the JDK that trains: {@code javaHome}, else {@code jdkToolchain}'s, else the
	 * one maven-toolchains-plugin selected, else the one that runs Maven.
	 * @return the JDK and the setting that chose it
	 * @throws MojoFailureException naming what to change when no JDK matches
	 */
	JdkChoice jdk() throws MojoFailureException {
		boolean requirements = this.jdkToolchain != null && !this.jdkToolchain.isEmpty();
		if (this.javaHome != null) {
			if (requirements) {
				throw new MojoFailureException(
						"javaHome and jdkToolchain are both set: set one of them, the JDK " + "that production runs.");
			}
			return new JdkChoice(this.javaHome.toPath(), "javaHome");
		}
		if (requirements) {
			List<Toolchain> matching = this.toolchainManager.getToolchains(this.session, "jdk", this.jdkToolchain);
			if (matching.isEmpty()) {
				throw new MojoFailureException("jdkToolchain: no JDK toolchain in toolchains.xml matches "
						+ this.jdkToolchain + ". Add one that does (~/.m2/toolchains.xml), change jdkToolchain, or "
						+ "set javaHome.");
			}
			return toolchainJdk(matching.get(0), "jdkToolchain");
		}
		Toolchain selected = this.toolchainManager.getToolchainFromBuildContext("jdk", this.session);
		if (selected != null) {
			return toolchainJdk(selected, "the JDK toolchain of maven-toolchains-plugin");
		}
		return new JdkChoice(Path.of(System.getProperty("java.home")), "javaHome");
	}

	private static JdkChoice toolchainJdk(Toolchain toolchain, String setting) throws MojoFailureException {
		String java = toolchain.findTool("java");
		Path bin = (java != null) ? Path.of(java).toAbsolutePath().getParent() : null;
		if (bin == null || bin.getParent() == null) {
			throw new MojoFailureException(setting + ": the toolchain " + toolchain + " has no bin/java or "
					+ "bin/java.exe. Point its jdkHome in toolchains.xml at a JDK, or set javaHome.");
		}
		return new JdkChoice(bin.getParent(), setting + " (" + toolchain + ")");
	}

	/**
	 * The JDK that trains.
	 *
	 * @param home its home
	 * @param setting the setting that chose it, for messages
	 */
	record JdkChoice(Path home, String setting) {

	}

}
