package io.github.tomcatlatency.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import io.github.tomcatlatency.jvmcache.internal.TrainedCache;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Builds a trained start of the application: extracts its Spring Boot jar in the layout
 * the JVM's caches need, runs it once in the starter's training mode so that the JVM
 * writes an AOT cache (Java 25 and later) or a dynamic CDS archive (Java 17 to 24) that
 * knows the request path, checks that a production JVM with the same options uses the
 * cache, and writes the launch line next to it. Nothing is left in
 * {@code outputDirectory} unless every step succeeded.
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
	 * launch line. Deleted first, and written only once the cache has been checked.
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
	 * another JDK wrote. By default the JDK that runs Maven.
	 */
	@Parameter(property = "tomcat-latency.train.javaHome", defaultValue = "${java.home}")
	private File javaHome;

	/**
	 * JVM options of production (heap, garbage collector, ...): used for the training run
	 * and written into the launch line, as the cache only works with the options it was
	 * trained with.
	 */
	@Parameter
	private List<String> jvmArguments = new ArrayList<>();

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
		BootJar bootJar = BootJar.of(this.jar.toPath());
		TrainingJdk jdk = TrainingJdk.of(this.javaHome.toPath());
		JvmCacheKind kind = jdk.cacheKind();
		Path output = this.outputDirectory.toPath().toAbsolutePath();
		Path staging = output.resolveSibling(output.getFileName() + ".partial");
		delete(output);
		delete(staging);
		try {
			Path application = staging.resolve("application");
			extract(jdk, bootJar, application);
			train(jdk, bootJar, kind, application);
			Files.move(staging, output, StandardCopyOption.ATOMIC_MOVE);
			application = output.resolve("application");
			Path cache = Path.of(kind.fileName());
			TrainedCache trained = check(jdk, bootJar, kind, application);
			List<String> launch = new ArrayList<>(this.jvmArguments);
			launch.add(kind.useOption(cache));
			launch.addAll(List.of("-jar", bootJar.fileName()));
			LaunchFiles.write(application, launch, jdk, kind.description());
			trained.writeTo(application);
			getLog().info("Trained start written to " + output + ": run application/" + LaunchFiles.SCRIPT
					+ " (cd application && java @" + LaunchFiles.ARGUMENT_FILE + ") on " + jdk);
		}
		catch (IOException ex) {
			delete(staging);
			delete(output);
			throw new MojoExecutionException("The trained start could not be written: " + ex.getMessage(), ex);
		}
		catch (MojoFailureException ex) {
			delete(staging);
			delete(output);
			throw ex;
		}
	}

	private void extract(TrainingJdk jdk, BootJar bootJar, Path application) throws MojoFailureException {
		JavaRun extract = JavaRun.run("extraction of " + bootJar.fileName(),
				List.of(jdk.java(), "-Djarmode=tools", "-jar", bootJar.path().toAbsolutePath().toString(), "extract",
						"--destination", application.toString()),
				this.buildDirectory.toPath(), log("extract"), Duration.ofSeconds(this.timeout));
		if (extract.exitStatus() != 0 || !Files.isRegularFile(application.resolve(bootJar.fileName()))) {
			throw new MojoFailureException("jar: " + bootJar.path() + " could not be extracted with Spring Boot's "
					+ "jarmode tools (" + extract.reason() + "). Keep the tools in the jar (spring-boot-maven-plugin's "
					+ "includeTools, true by default).");
		}
	}

	private void train(TrainingJdk jdk, BootJar bootJar, JvmCacheKind kind, Path application)
			throws MojoFailureException {
		List<String> command = new ArrayList<>();
		command.add(jdk.java());
		command.addAll(this.jvmArguments);
		command.add(kind.trainingOption(Path.of(kind.fileName())));
		command.addAll(List.of("-jar", bootJar.fileName()));
		command.addAll(applicationArguments(true));
		getLog().info("Training " + bootJar.fileName() + " (Spring Boot " + bootJar.springBootVersion() + ") on " + jdk
				+ " for its " + kind.description() + "; log: " + log("training"));
		JavaRun training = JavaRun.run("training run", command, application, log("training"),
				Duration.ofSeconds(this.timeout));
		if (training.exitStatus() != 0) {
			throw new MojoFailureException("The training run failed (exit status " + training.exitStatus() + "): "
					+ training.reason() + " Log: " + training.log());
		}
		training.lines()
			.stream()
			.filter((line) -> line.contains("Training run sent"))
			.findFirst()
			.ifPresent((line) -> getLog().info(line.substring(line.indexOf("Training run sent"))));
		if (!Files.isRegularFile(application.resolve(kind.fileName()))) {
			throw new MojoFailureException(
					"The training run ended but " + jdk + " wrote no " + kind.description() + " (" + training.reason()
							+ "). Use a JDK that can write one (a JDK, not a JRE without CDS), or check "
							+ "jvmArguments. Log: " + training.log());
		}
	}

	// Starts the application as production will, with the cache required, up to its
	// context's refresh: a JVM that cannot use the cache fails instead of starting
	// without it.
	private TrainedCache check(TrainingJdk jdk, BootJar bootJar, JvmCacheKind kind, Path application)
			throws MojoFailureException, IOException {
		Path classes = log("check-classes");
		Files.deleteIfExists(classes);
		List<String> command = new ArrayList<>();
		command.add(jdk.java());
		command.addAll(this.jvmArguments);
		command.addAll(kind.requiredOptions(Path.of(kind.fileName())));
		command.addAll(List.of("-Xlog:class+load=info:file=" + classes, "-Dspring.context.exit=onRefresh", "-jar",
				bootJar.fileName()));
		command.addAll(applicationArguments(false));
		JavaRun check = JavaRun.run("check start", command, application, log("check"),
				Duration.ofSeconds(this.timeout));
		if (check.exitStatus() != 0) {
			throw new MojoFailureException("A JVM started as production will (" + jdk + ", jvmArguments, the "
					+ kind.description() + " required) refused the cache or did not start: " + check.reason()
					+ " Train with the JDK and JVM options production runs. Log: " + check.log());
		}
		long loaded;
		long shared;
		try (Stream<String> lines = Files.lines(classes)) {
			List<String> sources = lines.filter((line) -> line.contains(" source: ")).toList();
			loaded = sources.size();
			shared = sources.stream().filter((line) -> line.contains("source: shared objects file")).count();
		}
		getLog().info("Checked: a JVM started with the " + kind.description() + " loaded " + shared + " of its "
				+ loaded + " classes from the cache");
		return new TrainedCache(kind.fileName(), kind, jdk.version(), shared, loaded);
	}

	// The application's arguments for the training run, or for the check start (the
	// same resources, without the training mode).
	private List<String> applicationArguments(boolean training) {
		Map<String, String> values = new LinkedHashMap<>();
		values.put("server.port", Integer.toString(this.port));
		values.put("server.address", "127.0.0.1");
		if (!this.profiles.isEmpty()) {
			values.put("spring.profiles.active", String.join(",", this.profiles));
		}
		for (int i = 0; i < this.warmupRequests.size(); i++) {
			values.putAll(this.warmupRequests.get(i).properties(i));
		}
		// The application's own properties last: they may set the port or address. One
		// value each: Spring Boot would join repeated command-line properties.
		values.putAll(this.properties);
		// Never the training mode in the check start: it would take the place of the exit
		// on refresh.
		values.put("tomcat-latency.warmup.training", Boolean.toString(training));
		List<String> all = new ArrayList<>();
		values.forEach((name, value) -> all.add("--" + name + "=" + value));
		all.addAll(this.arguments);
		return all;
	}

	private Path log(String name) {
		// Named after the output, so that two executions keep their logs apart.
		return this.buildDirectory.toPath().resolve(this.outputDirectory.getName() + "-" + name + ".log");
	}

	private static void delete(Path directory) throws MojoExecutionException {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
		catch (IOException ex) {
			throw new MojoExecutionException(directory + " cannot be deleted: " + ex.getMessage(), ex);
		}
	}

}
