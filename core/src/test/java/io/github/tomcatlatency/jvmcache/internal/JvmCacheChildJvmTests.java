package io.github.tomcatlatency.jvmcache.internal;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import io.github.tomcatlatency.jvmcache.JvmCache;
import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Tests that {@link JvmCacheInspector} tells what a JVM started with a cache of the
 * application's classes does with it: child JVMs of the running JDK write a dynamic CDS
 * archive (every JDK) and an AOT cache (Java 25 on) in a training run, then run with
 * them, without them, and with them against another class path or other JVM options. The
 * application is a jar: a dynamic CDS archive is not written for a class path with a
 * non-empty directory. Each child JVM runs for well under a second, the AOT cache's
 * training run for about one.
 */
class JvmCacheChildJvmTests {

	private static final int JAVA = Runtime.version().feature();

	private static final String JAVA_HOME = System.getProperty("java.home");

	// The AOT cache is written in one run from Java 25 on: the test JVM's own, or the
	// build's Java 25 (java25.home).
	private static final String AOT_JAVA_HOME = (JAVA >= 25) ? JAVA_HOME : System.getProperty("java25.home", "");

	private static final boolean AOT_JAVA_PRESENT = Files.isExecutable(Path.of(AOT_JAVA_HOME, "bin", "java"));

	// Relative, as a launch script may name them: relative to the JVM's start directory.
	private static final Path CDS_ARCHIVE = Path.of("cds", JvmCacheKind.CDS_ARCHIVE.fileName());

	private static final Path AOT_CACHE = Path.of("aot", JvmCacheKind.AOT_CACHE.fileName());

	// Another archive than the JVM's training made for the test JVM's own.
	private static final String OTHER_OPTIONS = "-XX:-UseCompressedOops";

	@TempDir
	static Path directory;

	private static Path jar;

	private static Map<String, String> without;

	@BeforeAll
	static void train() throws Exception {
		jar = applicationJar(directory.resolve("app.jar"));
		train(JAVA_HOME, JvmCacheKind.CDS_ARCHIVE, CDS_ARCHIVE);
		if (AOT_JAVA_PRESENT) {
			train(AOT_JAVA_HOME, JvmCacheKind.AOT_CACHE, AOT_CACHE);
		}
		without = run(JAVA_HOME, jar);
	}

	private static void train(String javaHome, JvmCacheKind kind, Path cache) throws Exception {
		Files.createDirectories(directory.resolve(cache).getParent());
		Map<String, String> training = run(javaHome, jar, kind.trainingOption(cache));
		assertThat(directory.resolve(cache)).as("the training run's cache, %s", training).isRegularFile();
		new TrainedCache(kind.fileName(), kind, System.getProperty("java.version"), 0, 0)
			.writeTo(directory.resolve(cache).getParent());
	}

	@Test
	void jvmWithoutCacheNamesNone() {
		assertThat(without).containsEntry("kind", "null")
			.containsEntry("file", "null")
			.containsEntry("inUse", "null")
			.containsEntry("trainedByStarter", "false")
			.containsEntry("javaVersion", Integer.toString(JAVA));
		assertThat(number(without, "sharedClasses")).isLessThanOrEqualTo(number(without, "loadedClasses"));
	}

	@Test
	void jvmWithCdsArchiveUsesItAndSharesMoreClassesThanOneWithout() throws Exception {
		assertUsed(run(JAVA_HOME, jar, JvmCacheKind.CDS_ARCHIVE.useOption(CDS_ARCHIVE)), JvmCacheKind.CDS_ARCHIVE);
	}

	@Test
	void jvmWithCdsArchiveOnAnotherClassPathDoesNotUseIt() throws Exception {
		// Java 25 maps such an archive all the same, outside its shared archive space.
		Path copy = Files.copy(jar, directory.resolve("copy.jar"));
		assertUnused(run(JAVA_HOME, copy, JvmCacheKind.CDS_ARCHIVE.useOption(CDS_ARCHIVE)), JvmCacheKind.CDS_ARCHIVE);
	}

	@Test
	void jvmWithCdsArchiveAndOtherOptionsDoesNotUseIt() throws Exception {
		assertUnused(run(JAVA_HOME, jar, OTHER_OPTIONS, JvmCacheKind.CDS_ARCHIVE.useOption(CDS_ARCHIVE)),
				JvmCacheKind.CDS_ARCHIVE);
	}

	@Test
	void jvmWithAotCacheUsesItAndSharesMoreClassesThanOneWithout() throws Exception {
		assumeJava25();
		Map<String, String> with = run(AOT_JAVA_HOME, jar, JvmCacheKind.AOT_CACHE.useOption(AOT_CACHE));
		assertThat(with).containsEntry("kind", JvmCacheKind.AOT_CACHE.name())
			.containsEntry("file", JvmCacheKind.AOT_CACHE.fileName())
			.containsEntry("inUse", "true")
			.containsEntry("trainedByStarter", "true");
		assertThat(Integer.parseInt(with.get("javaVersion"))).isGreaterThanOrEqualTo(25);
		assertThat(number(with, "sharedClasses")).isGreaterThan(number(run(AOT_JAVA_HOME, jar), "sharedClasses"))
			.isLessThanOrEqualTo(number(with, "loadedClasses"));
	}

	@Test
	void jvmWithAotCacheAndOtherOptionsDoesNotUseIt() throws Exception {
		assumeJava25();
		assertUnused(run(AOT_JAVA_HOME, jar, OTHER_OPTIONS, JvmCacheKind.AOT_CACHE.useOption(AOT_CACHE)),
				JvmCacheKind.AOT_CACHE);
	}

	private static void assumeJava25() {
		// CI has a Java 25: there, its absence is a failure, not a reason to skip.
		assertThat(AOT_JAVA_PRESENT || System.getenv("CI") == null)
			.as("CI must have a Java 25 at java25.home (%s)", AOT_JAVA_HOME)
			.isTrue();
		assumeTrue(AOT_JAVA_PRESENT, "No Java 25 at java25.home (" + AOT_JAVA_HOME + "): the AOT cache needs it");
	}

	@Test
	void cacheWithoutTheTrainingsRecordIsNotTheStarters() throws Exception {
		Path other = Files.createDirectories(directory.resolve("other"));
		Path copy = Files.copy(directory.resolve(CDS_ARCHIVE), other.resolve("copy.jsa"));
		Map<String, String> untrained = run(JAVA_HOME, jar, JvmCacheKind.CDS_ARCHIVE.useOption(copy));
		assertThat(untrained).containsEntry("kind", JvmCacheKind.CDS_ARCHIVE.name())
			.containsEntry("file", "copy.jsa")
			.containsEntry("inUse", "true")
			.containsEntry("trainedByStarter", "false");
	}

	private static void assertUsed(Map<String, String> with, JvmCacheKind kind) {
		assertThat(with).containsEntry("kind", kind.name())
			.containsEntry("file", kind.fileName())
			.containsEntry("inUse", "true")
			.containsEntry("trainedByStarter", "true")
			.containsEntry("javaVersion", Integer.toString(JAVA));
		assertThat(number(with, "sharedClasses")).isGreaterThan(number(without, "sharedClasses"))
			.isLessThanOrEqualTo(number(with, "loadedClasses"));
	}

	private static void assertUnused(Map<String, String> refused, JvmCacheKind kind) {
		assertThat(refused).containsEntry("kind", kind.name())
			.containsEntry("file", kind.fileName())
			.containsEntry("inUse", "false")
			.containsEntry("trainedByStarter", "true");
	}

	private static Map<String, String> run(String javaHome, Path classPath, String... options) throws Exception {
		List<String> command = new ArrayList<>();
		command.add(Path.of(javaHome, "bin", "java").toString());
		command.addAll(List.of(options));
		command.add("-cp");
		command.add(classPath + File.pathSeparator + location(LogFactory.class));
		command.add(JvmCacheInspection.class.getName());
		Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("%s ended: %s", command, output).isTrue();
		assertThat(process.exitValue()).as("%s: %s", command, output).isZero();
		Map<String, String> fields = new HashMap<>();
		output.lines()
			.filter((line) -> line.startsWith(JvmCacheInspection.PREFIX))
			.map((line) -> line.substring(JvmCacheInspection.PREFIX.length()).split("=", 2))
			.forEach((field) -> fields.put(field[0], field[1]));
		assertThat(fields).as("inspection printed by %s: %s", command, output).containsKeys("kind", "inUse");
		return fields;
	}

	private static long number(Map<String, String> fields, String field) {
		assertThat(fields.get(field)).as(field).matches("[0-9]+");
		return Long.parseLong(fields.get(field));
	}

	/**
	 * Write a jar of the JVM cache's classes, its API and internal packages, and of the
	 * inspection.
	 */
	private static Path applicationJar(Path jar) throws IOException, URISyntaxException {
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		try (OutputStream output = Files.newOutputStream(jar);
				JarOutputStream jarOutput = new JarOutputStream(output, manifest)) {
			for (Class<?> inPackage : List.of(JvmCache.class, JvmCacheInspector.class)) {
				String packagePath = inPackage.getPackageName().replace('.', '/');
				try (Stream<Path> files = Files.list(location(inPackage).resolve(packagePath))) {
					for (Path file : files.filter((candidate) -> candidate.toString().endsWith(".class")).toList()) {
						add(jarOutput, packagePath, file);
					}
				}
			}
			String packagePath = JvmCacheInspection.class.getPackageName().replace('.', '/');
			add(jarOutput, packagePath, location(JvmCacheInspection.class).resolve(packagePath)
				.resolve(JvmCacheInspection.class.getSimpleName() + ".class"));
		}
		return jar;
	}

	private static void add(JarOutputStream jar, String packagePath, Path file) throws IOException {
		jar.putNextEntry(new JarEntry(packagePath + "/" + file.getFileName()));
		Files.copy(file, jar);
		jar.closeEntry();
	}

	private static Path location(Class<?> type) throws URISyntaxException {
		return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
	}

}
