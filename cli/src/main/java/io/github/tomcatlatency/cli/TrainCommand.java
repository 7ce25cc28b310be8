package io.github.tomcatlatency.cli;

import java.io.PrintStream;
import java.nio.file.Path;

import io.github.tomcatlatency.trainer.SettingNames;
import io.github.tomcatlatency.trainer.Training;
import io.github.tomcatlatency.trainer.TrainingException;

/**
 * {@code train}: builds a trained start of a Spring Boot jar without Maven, for Gradle
 * builds and Dockerfiles, with the same steps and output as the Maven plugin's
 * {@code train} goal. Exits with 0 once it is written, 1 when the training fails and 2 on
 * a command line it cannot read.
 */
final class TrainCommand {

	static final int WRITTEN = 0;

	static final int FAILED = 1;

	static final int BAD_COMMAND_LINE = 2;

	private static final SettingNames NAMES = new SettingNames("JAR", "--java-home", "--output", "--jvm-arg",
			"--spring-aot", "Build it first (Gradle's bootJar, Maven's package)");

	private TrainCommand() {
	}

	static int run(String[] args, PrintStream out, PrintStream err) {
		if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
			out.println(TrainOptions.USAGE);
			return WRITTEN;
		}
		TrainOptions options;
		try {
			options = TrainOptions.parse(args);
		}
		catch (IllegalArgumentException ex) {
			err.println("tomcat-latency: " + ex.getMessage());
			return BAD_COMMAND_LINE;
		}
		Path output = options.output().toAbsolutePath();
		// The logs beside the output, as the Maven goal's in target.
		Path logs = (output.getParent() != null) ? output.getParent() : output;
		try {
			new Training(options.jar(), options.javaHome(), output, logs, NAMES).jvmArguments(options.jvmArguments())
				.springAot(options.springAot())
				.profiles(options.profiles())
				.properties(options.properties())
				.arguments(options.arguments())
				.port(options.port())
				.timeout(options.timeout())
				.log(out::println)
				.run();
			return WRITTEN;
		}
		catch (TrainingException ex) {
			err.println("tomcat-latency: " + ex.getMessage());
			return FAILED;
		}
	}

}
