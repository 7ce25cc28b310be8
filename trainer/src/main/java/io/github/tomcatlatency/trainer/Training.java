package io.github.tomcatlatency.trainer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import io.github.tomcatlatency.jvmcache.internal.TrainedCache;

/**
 * Builds a trained start of a Spring Boot jar: extracts it in the layout the JVM's caches
 * need, runs it once in the starter's training mode so that the JVM writes an AOT cache
 * (Java 25 and later) or a dynamic CDS archive (Java 17 to 24) that knows the request
 * path, checks that a production JVM with the same options uses the cache, and writes the
 * launch line next to it. A jar built with Spring AOT's {@code process-aot} is trained,
 * checked and launched from the generated code ({@link SpringAot}). The output directory
 * holds nothing unless every step succeeded; it is replaced only if a training wrote it
 * (or it is empty).
 */
public final class Training {

	private final Path jar;

	private final Path javaHome;

	private final Path outputDirectory;

	private final Path logDirectory;

	private final SettingNames names;

	private List<String> jvmArguments = List.of();

	private SpringAot springAot = SpringAot.AUTO;

	private List<String> profiles = List.of();

	private Map<String, String> properties = Map.of();

	private List<String> arguments = List.of();

	private int port;

	private Duration timeout = Duration.ofMinutes(5);

	private Consumer<String> log = (line) -> {
	};

	/**
	 * Create a training.
	 * @param jar the application's Spring Boot executable jar, with the starter in it
	 * @param javaHome the JDK that trains, the one production runs
	 * @param outputDirectory where the trained start is written
	 * @param logDirectory where the runs' logs go, named after the output directory
	 * @param names how the tool that runs the training names its settings
	 */
	public Training(Path jar, Path javaHome, Path outputDirectory, Path logDirectory, SettingNames names) {
		this.jar = jar;
		this.javaHome = javaHome;
		this.outputDirectory = outputDirectory.toAbsolutePath().normalize();
		this.logDirectory = logDirectory;
		this.names = names;
	}

	/**
	 * Set production's JVM options: the training runs with them and the launch line holds
	 * them.
	 * @param jvmArguments the options
	 * @return this training
	 */
	public Training jvmArguments(List<String> jvmArguments) {
		this.jvmArguments = List.copyOf(jvmArguments);
		return this;
	}

	/**
	 * Set whether the training, and so production, starts the context from the code
	 * Spring AOT generated at the jar's build.
	 * @param springAot the setting
	 * @return this training
	 */
	public Training springAot(SpringAot springAot) {
		this.springAot = springAot;
		return this;
	}

	/**
	 * Set the Spring profiles active in the training run and the check start only.
	 * @param profiles the profiles
	 * @return this training
	 */
	public Training profiles(List<String> profiles) {
		this.profiles = List.copyOf(profiles);
		return this;
	}

	/**
	 * Set application properties of the training run and the check start only, in order.
	 * @param properties the properties
	 * @return this training
	 */
	public Training properties(Map<String, String> properties) {
		this.properties = new LinkedHashMap<>(properties);
		return this;
	}

	/**
	 * Set further application arguments of the training run and the check start.
	 * @param arguments the arguments
	 * @return this training
	 */
	public Training arguments(List<String> arguments) {
		this.arguments = List.copyOf(arguments);
		return this;
	}

	/**
	 * Set the training run's port on 127.0.0.1.
	 * @param port the port, {@code 0} for a free one
	 * @return this training
	 */
	public Training port(int port) {
		this.port = port;
		return this;
	}

	/**
	 * Set how long the training run and the check start may each take.
	 * @param timeout the time
	 * @return this training
	 */
	public Training timeout(Duration timeout) {
		this.timeout = timeout;
		return this;
	}

	/**
	 * Set where the training reports its progress, one line at a time.
	 * @param log the receiver of the lines
	 * @return this training
	 */
	public Training log(Consumer<String> log) {
		this.log = log;
		return this;
	}

	/**
	 * Build the trained start.
	 * @return the directory of the application to start, in the output directory
	 * @throws TrainingException naming what to change when a step fails; then nothing is
	 * left in the output directory
	 */
	public Path run() throws TrainingException {
		BootJar bootJar = BootJar.of(this.jar, this.names);
		SpringAotUse aot = SpringAotUse.of(this.springAot, bootJar, this.jvmArguments, this.names);
		TrainingJdk jdk = TrainingJdk.of(this.javaHome, this.names);
		Path output = this.outputDirectory;
		OutputDirectory.checkReplaceable(output, this.names.outputDirectory());
		Path staging = output.resolveSibling(output.getFileName() + ".partial");
		OutputDirectory.checkReplaceable(staging, this.names.outputDirectory());
		OutputDirectory.delete(output);
		OutputDirectory.delete(staging);
		boolean written = false;
		try {
			Path application = write(bootJar, aot, jdk, staging, output);
			written = true;
			return application;
		}
		catch (IOException | UncheckedIOException ex) {
			throw new TrainingException("The trained start could not be written: " + ex.getMessage(), ex);
		}
		finally {
			if (!written) {
				deleteAfterFailure(staging);
				deleteAfterFailure(output);
			}
		}
	}

	private Path write(BootJar bootJar, SpringAotUse aot, TrainingJdk jdk, Path staging, Path output)
			throws IOException, TrainingException {
		JvmCacheKind kind = jdk.cacheKind();
		String note = aot.note();
		if (note != null) {
			this.log.accept(note);
		}
		Files.createDirectories(this.logDirectory);
		OutputDirectory.create(staging);
		Path application = staging.resolve("application");
		extract(jdk, bootJar, application);
		train(jdk, bootJar, kind, application, aot);
		// The check starts the application where it will stay.
		Files.move(staging, output, StandardCopyOption.ATOMIC_MOVE);
		application = output.resolve("application");
		TrainedCache trained = check(jdk, bootJar, kind, application, aot);
		List<String> launch = jvmOptions(aot);
		launch.add(kind.useOption(Path.of(kind.fileName())));
		launch.addAll(List.of("-jar", bootJar.fileName()));
		LaunchFiles.write(application, launch, jdk, kind.description());
		trained.writeTo(application);
		this.log.accept("Trained start written to " + output + ": run application/" + LaunchFiles.SCRIPT + " or "
				+ LaunchFiles.WINDOWS_SCRIPT + " (cd application && java @" + LaunchFiles.ARGUMENT_FILE + ") on "
				+ jdk);
		return application;
	}

	private void extract(TrainingJdk jdk, BootJar bootJar, Path application) throws TrainingException {
		JavaRun extract = JavaRun.run("extraction of " + bootJar.fileName(),
				List.of(jdk.java().toString(), "-Djarmode=tools", "-jar", bootJar.path().toAbsolutePath().toString(),
						"extract", "--destination", application.toString()),
				this.logDirectory, log("extract"), this.timeout);
		if (extract.exitStatus() != 0 || !Files.isRegularFile(application.resolve(bootJar.fileName()))) {
			throw new TrainingException(this.names.jar() + ": " + bootJar.path() + " could not be extracted with "
					+ "Spring Boot's jarmode tools (" + extract.reason() + "). Keep the tools in the jar (includeTools "
					+ "of spring-boot-maven-plugin and of the Gradle plugin's bootJar, true by default).");
		}
	}

	private void train(TrainingJdk jdk, BootJar bootJar, JvmCacheKind kind, Path application, SpringAotUse aot)
			throws TrainingException {
		List<String> command = new ArrayList<>();
		command.add(jdk.java().toString());
		command.addAll(jvmOptions(aot));
		command.add(kind.trainingOption(Path.of(kind.fileName())));
		command.addAll(List.of("-jar", bootJar.fileName()));
		command.addAll(applicationArguments(true));
		this.log.accept("Training " + bootJar.fileName() + " (Spring Boot " + bootJar.springBootVersion() + ") on "
				+ jdk + " for its " + kind.description() + "; log: " + log("training"));
		JavaRun training = JavaRun.run("training run", command, application, log("training"), this.timeout);
		if (training.exitStatus() != 0) {
			throw new TrainingException("The training run failed (exit status " + training.exitStatus() + "): "
					+ training.reason() + aot.onFailure() + " Log: " + training.log());
		}
		training.lines()
			.stream()
			.filter((line) -> line.contains("Training run sent"))
			.findFirst()
			.ifPresent((line) -> this.log.accept(line.substring(line.indexOf("Training run sent"))));
		if (!Files.isRegularFile(application.resolve(kind.fileName()))) {
			throw new TrainingException("The training run ended but " + jdk + " wrote no " + kind.description() + " ("
					+ training.reason() + "). Use a JDK that can write one (a JDK, not a JRE without CDS), or check "
					+ this.names.jvmArguments() + ". Log: " + training.log());
		}
	}

	// Starts the application as production will, with the cache required, up to its
	// context's refresh: a JVM that cannot use the cache fails instead of starting
	// without it.
	private TrainedCache check(TrainingJdk jdk, BootJar bootJar, JvmCacheKind kind, Path application, SpringAotUse aot)
			throws TrainingException, IOException {
		Path classes = log("check-classes");
		Files.deleteIfExists(classes);
		List<String> command = new ArrayList<>();
		command.add(jdk.java().toString());
		command.addAll(jvmOptions(aot));
		command.addAll(kind.requiredOptions(Path.of(kind.fileName())));
		// Quoted: a Windows path's drive colon would end the file name in -Xlog.
		command.addAll(List.of("-Xlog:class+load=info:file=\"" + classes + "\"", "-Dspring.context.exit=onRefresh",
				"-jar", bootJar.fileName()));
		command.addAll(applicationArguments(false));
		JavaRun check = JavaRun.run("check start", command, application, log("check"), this.timeout);
		if (check.exitStatus() != 0) {
			throw new TrainingException("A JVM started as production will (" + jdk + ", " + this.names.jvmArguments()
					+ ", the " + kind.description() + " required) refused the cache or did not start: " + check.reason()
					+ " Train with the JDK and JVM options production runs." + aot.onFailure() + " Log: "
					+ check.log());
		}
		List<String> sources = JavaRun.lines(classes).stream().filter((line) -> line.contains(" source: ")).toList();
		long shared = sources.stream().filter((line) -> line.contains("source: shared objects file")).count();
		this.log.accept("Checked: a JVM started with the " + kind.description() + " loaded " + shared + " of its "
				+ sources.size() + " classes from the cache");
		return new TrainedCache(kind.fileName(), kind, jdk.version(), shared, sources.size());
	}

	// Production's options and what the training adds to them: the same in every run and
	// in the launch line.
	private List<String> jvmOptions(SpringAotUse aot) {
		List<String> options = new ArrayList<>(this.jvmArguments);
		options.addAll(aot.options());
		return options;
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
		// The tool's properties last: they may set the port or address. One value each:
		// Spring Boot would join repeated command-line properties.
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
		// Named after the output, so that two trainings keep their logs apart.
		return this.logDirectory.resolve(this.outputDirectory.getFileName() + "-" + name + ".log");
	}

	// Deletes what a failed training wrote; a directory left behind (it cannot be
	// deleted) keeps its mark, and the next training deletes it.
	private static void deleteAfterFailure(Path directory) {
		try {
			OutputDirectory.delete(directory);
		}
		catch (TrainingException ex) {
			// The failure that got here is the one to report.
		}
	}

}
