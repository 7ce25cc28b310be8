package io.github.tomcatlatency.statistics;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.github.tomcatlatency.report.TomcatLatencyReporter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that the statistics never depend on the report: data flows from the request path
 * through the statistics to the report, so that a change to how the report presents them
 * never reaches what they store. Read from the compiled classes, whose constant pool
 * names every type a class uses, imported or not.
 */
class StatisticsDependencyTests {

	private static final String REPORT = "io/github/tomcatlatency/report/";

	@Test
	void noStatisticsClassNamesTheReport() throws Exception {
		List<Path> classes = statisticsClasses();
		// The test cannot pass on an empty scan.
		assertThat(classes).extracting((path) -> path.getFileName().toString()).contains("RequestStatistics.class");
		List<String> namingTheReport = new ArrayList<>();
		for (Path path : classes) {
			if (names(Files.readAllBytes(path), REPORT)) {
				namingTheReport.add(path.getFileName().toString());
			}
		}
		assertThat(namingTheReport).isEmpty();
	}

	@Test
	void aClassNamingAPackageIsFound() throws IOException {
		try (InputStream reporter = TomcatLatencyReporter.class.getResourceAsStream("TomcatLatencyReporter.class")) {
			assertThat(reporter).isNotNull();
			assertThat(names(reporter.readAllBytes(), "io/github/tomcatlatency/statistics/")).isTrue();
		}
	}

	private static List<Path> statisticsClasses() throws IOException, URISyntaxException {
		Path root = Path.of(RequestStatistics.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		Path directory = root.resolve(RequestStatistics.class.getPackageName().replace('.', '/'));
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter((path) -> path.toString().endsWith(".class")).sorted().toList();
		}
	}

	// The constant pool holds a type's name in modified UTF-8, which is ASCII for these.
	private static boolean names(byte[] classFile, String packagePath) {
		return new String(classFile, StandardCharsets.ISO_8859_1).contains(packagePath);
	}

}
