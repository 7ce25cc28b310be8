package io.github.tomcatlatency.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.tomcatlatency.advisory.AdvisoryDataException;
import io.github.tomcatlatency.advisory.AdvisoryDataReader;
import io.github.tomcatlatency.advisory.AdvisoryDataSelection;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.scan.ScanVerdict;
import io.github.tomcatlatency.scan.TextReport;

/**
 * The command-line scanner: prints the verdict on the Tomcat of each application given,
 * as a jar, WAR, directory or CycloneDX SBOM, and exits with 0 below the fail level, 1 at
 * or above it and 2 on bad input. Its first argument {@code train} runs
 * {@link TrainCommand} instead.
 */
public final class TomcatLatencyScanner {

	static final int BELOW_FAIL_LEVEL = 0;

	static final int AT_FAIL_LEVEL = 1;

	static final int BAD_INPUT = 2;

	private TomcatLatencyScanner() {
	}

	/**
	 * Scan the applications the arguments name, or train the one {@code train} names.
	 * @param args the command line
	 */
	public static void main(String[] args) {
		System.exit(run(args, System.out, System.err));
	}

	static int run(String[] args, PrintStream out, PrintStream err) {
		if (args.length > 0 && args[0].equals("train")) {
			return TrainCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err);
		}
		if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
			out.println(ScanOptions.USAGE);
			out.println(TrainOptions.USAGE);
			return BELOW_FAIL_LEVEL;
		}
		try {
			ScanOptions options = ScanOptions.parse(args);
			SelectedAdvisoryData data = advisoryData(options.advisories());
			List<ScannedApplication> applications = new ArrayList<>();
			for (Path path : options.paths()) {
				applications.addAll(scan(path, data));
			}
			write(options, applications, out);
			boolean failed = applications.stream()
				.map(ScannedApplication::verdict)
				.anyMatch(options.failOn()::isReachedBy);
			return failed ? AT_FAIL_LEVEL : BELOW_FAIL_LEVEL;
		}
		catch (IllegalArgumentException | ScanException | AdvisoryDataException ex) {
			err.println("tomcat-latency: " + ex.getMessage());
			return BAD_INPUT;
		}
	}

	// An SBOM is told from an archive by its content, whatever its name
	private static List<ScannedApplication> scan(Path path, SelectedAdvisoryData data) throws ScanException {
		if (SbomScanner.isJson(path)) {
			SbomScanner.Sbom sbom = new SbomScanner().scan(path);
			return sbom.applications()
				.stream()
				.map((contents) -> new ScannedApplication(ScanVerdict.of(contents, data), sbom.specVersion()))
				.toList();
		}
		return List.of(new ScannedApplication(ScanVerdict.of(new ArchiveScanner().scan(path), data), null));
	}

	private static SelectedAdvisoryData advisoryData(Path advisories) throws ScanException {
		AdvisoryDataSelection selection = new AdvisoryDataSelection();
		selection.addArtifact(TomcatLatencyScanner.class.getClassLoader());
		if (advisories != null) {
			try (InputStream input = Files.newInputStream(advisories)) {
				selection.addLocation(AdvisoryDataReader.read(input, advisories.toString()), "--advisories");
			}
			catch (NoSuchFileException ex) {
				throw new ScanException(advisories + ": no such advisory data file (--advisories)");
			}
			catch (IOException ex) {
				throw new ScanException(advisories + ": cannot be read (" + ex.getMessage() + ")");
			}
		}
		return selection.select();
	}

	private static void write(ScanOptions options, List<ScannedApplication> applications, PrintStream out) {
		switch (options.format()) {
			case TEXT -> text(options, applications, out);
			case JSON -> out.println(JsonReport.write(applications, options.failOn()));
			case SARIF ->
				out.println(SarifReport.write(applications.stream().map(ScannedApplication::verdict).toList()));
		}
	}

	private static void text(ScanOptions options, List<ScannedApplication> applications, PrintStream out) {
		for (ScannedApplication application : applications) {
			ScanVerdict verdict = application.verdict();
			TextReport.lines(verdict).forEach(out::println);
			if (application.sbomSpecVersion() != null) {
				out.println("  Read from: a CycloneDX " + application.sbomSpecVersion() + " SBOM, the versions it"
						+ " declares; static-resource jars by their coordinates only (org.webjars, swagger-ui):"
						+ " others not assessed");
			}
			out.println("  Verdict: " + (options.failOn().isReachedBy(verdict) ? "FAIL" : "pass") + " (--fail-on "
					+ options.failOn() + ")");
		}
	}

}
