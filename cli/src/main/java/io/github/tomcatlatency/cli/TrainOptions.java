package io.github.tomcatlatency.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.trainer.SpringAot;
import org.jspecify.annotations.Nullable;

/**
 * The command line of {@code train}, parsed: the same settings as the Maven plugin's
 * {@code train} goal.
 *
 * @param jar the application's Spring Boot executable jar
 * @param output where the trained start is written
 * @param javaHome the JDK that trains, the one production runs
 * @param jvmArguments production's JVM options
 * @param springAot whether the training starts the context from Spring AOT's generated
 * code
 * @param profiles Spring profiles of the training run only
 * @param properties application properties of the training run only
 * @param arguments further application arguments of the training run
 * @param port the training run's port
 * @param timeout how long the training run and the check start may each take
 */
record TrainOptions(Path jar, Path output, Path javaHome, List<String> jvmArguments, SpringAot springAot,
		List<String> profiles, Map<String, String> properties, List<String> arguments, int port, Duration timeout) {

	static final String USAGE = "usage: java -jar tomcat-latency-cli.jar train [--output DIR] [--java-home DIR] "
			+ "[--jvm-arg OPTION]... [--spring-aot auto|off] [--profile NAME]... [--property NAME=VALUE]... "
			+ "[--port N] [--timeout SECONDS] JAR [-- ARGUMENT...]";

	/**
	 * Parse the arguments that follow {@code train}.
	 * @param args the arguments
	 * @return the options
	 * @throws IllegalArgumentException with a one-line message if the command line is not
	 * valid
	 */
	static TrainOptions parse(String... args) {
		Path jar = null;
		Path output = null;
		Path javaHome = Path.of(System.getProperty("java.home"));
		List<String> jvmArguments = new ArrayList<>();
		SpringAot springAot = SpringAot.AUTO;
		List<String> profiles = new ArrayList<>();
		Map<String, String> properties = new LinkedHashMap<>();
		List<String> arguments = new ArrayList<>();
		int port = 0;
		Duration timeout = Duration.ofSeconds(300);
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			switch (arg) {
				case "--output" -> output = Path.of(value(args, ++i, arg));
				case "--java-home" -> javaHome = Path.of(value(args, ++i, arg));
				case "--jvm-arg" -> jvmArguments.add(value(args, ++i, arg));
				case "--spring-aot" -> springAot = springAot(value(args, ++i, arg), arg);
				case "--profile" -> profiles.add(value(args, ++i, arg));
				case "--property" -> property(value(args, ++i, arg), properties);
				case "--port" -> port = number(value(args, ++i, arg), arg);
				case "--timeout" -> timeout = Duration.ofSeconds(number(value(args, ++i, arg), arg));
				case "--" -> {
					arguments.addAll(Arrays.asList(args).subList(i + 1, args.length));
					i = args.length;
				}
				default -> jar = jar(arg, jar);
			}
		}
		if (jar == null) {
			throw new IllegalArgumentException("no JAR given; " + USAGE);
		}
		return new TrainOptions(jar, (output != null) ? output : besideTheJar(jar), javaHome, jvmArguments, springAot,
				profiles, properties, arguments, port, timeout);
	}

	private static Path jar(String arg, @Nullable Path jar) {
		if (arg.startsWith("--")) {
			throw new IllegalArgumentException("unknown option '" + arg + "'; " + USAGE);
		}
		if (jar != null) {
			throw new IllegalArgumentException("one JAR only, got " + jar + " and " + arg + "; " + USAGE);
		}
		return Path.of(arg);
	}

	// As the Maven goal's target/tomcat-latency beside target/my-app.jar.
	private static Path besideTheJar(Path jar) {
		return jar.toAbsolutePath().resolveSibling("tomcat-latency");
	}

	private static void property(String value, Map<String, String> properties) {
		int equals = value.indexOf('=');
		if (equals <= 0) {
			throw new IllegalArgumentException("--property needs NAME=VALUE, got '" + value + "'");
		}
		properties.put(value.substring(0, equals), value.substring(equals + 1));
	}

	private static SpringAot springAot(String value, String option) {
		try {
			return SpringAot.of(value);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(option + " " + ex.getMessage());
		}
	}

	private static int number(String value, String option) {
		try {
			return Integer.parseInt(value);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(option + " needs a number, got '" + value + "'");
		}
	}

	private static String value(String[] args, int index, String option) {
		if (index >= args.length) {
			throw new IllegalArgumentException(option + " needs a value; " + USAGE);
		}
		return args[index];
	}

}
