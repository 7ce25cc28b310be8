package io.github.tomcatlatency.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.tomcatlatency.scan.FailLevel;
import org.jspecify.annotations.Nullable;

/**
 * The command line, parsed.
 *
 * @param format the output format
 * @param failOn the lowest rating at which the scan exits with 1
 * @param advisories an advisory data file, or {@code null}
 * @param paths the applications to scan
 */
record ScanOptions(Format format, FailLevel failOn, @Nullable Path advisories, List<Path> paths) {

	static final String USAGE = "usage: java -jar tomcat-latency-cli.jar [--format text|json|sarif] "
			+ "[--fail-on none|low|moderate|important|critical] [--advisories FILE] PATH...";

	/**
	 * Parse a command line.
	 * @param args the arguments
	 * @return the options
	 * @throws IllegalArgumentException with a one-line message if the command line is not
	 * valid
	 */
	static ScanOptions parse(String... args) {
		Format format = Format.TEXT;
		FailLevel failOn = FailLevel.IMPORTANT;
		Path advisories = null;
		List<Path> paths = new ArrayList<>();
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			switch (arg) {
				case "--format" -> format = Format.of(value(args, ++i, arg));
				case "--fail-on" -> failOn = FailLevel.of(value(args, ++i, arg));
				case "--advisories" -> advisories = Path.of(value(args, ++i, arg));
				default -> {
					if (arg.startsWith("--")) {
						throw new IllegalArgumentException("unknown option '" + arg + "'; " + USAGE);
					}
					paths.add(Path.of(arg));
				}
			}
		}
		if (paths.isEmpty()) {
			throw new IllegalArgumentException("no PATH given; " + USAGE);
		}
		return new ScanOptions(format, failOn, advisories, paths);
	}

	private static String value(String[] args, int index, String option) {
		if (index >= args.length) {
			throw new IllegalArgumentException(option + " needs a value; " + USAGE);
		}
		return args[index];
	}

	/**
	 * The output formats.
	 */
	enum Format {

		/**
		 * Text for a console.
		 */
		TEXT,

		/**
		 * The verdicts as JSON.
		 */
		JSON,

		/**
		 * SARIF 2.1.0 for code-scanning tools.
		 */
		SARIF;

		static Format of(String name) {
			for (Format format : values()) {
				if (format.name().toLowerCase(Locale.ROOT).equals(name)) {
					return format;
				}
			}
			throw new IllegalArgumentException("'" + name + "' is not a format (text, json, sarif)");
		}

	}

}
