package io.github.tomcatlatency.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

import io.github.tomcatlatency.scan.ApplicationContents;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.loader.jar.NestedJarFile;

/**
 * Finds the Tomcat, the Spring Boot and the static-resource jars of an application
 * archive or directory, reading the nested jars in place: nothing is extracted to disk
 * and no class of the application is loaded.
 */
final class ArchiveScanner {

	/**
	 * The most jars an application may nest; more is not an application.
	 */
	static final int MAX_LIBRARIES = 10_000;

	/**
	 * The most entries a jar may have; more is not an application.
	 */
	static final int MAX_ENTRIES = 1_000_000;

	private static final List<String> LIBRARY_DIRECTORIES = List.of("BOOT-INF/lib/", "WEB-INF/lib/",
			"WEB-INF/lib-provided/");

	private static final Attributes.Name SPRING_BOOT_VERSION = new Attributes.Name("Spring-Boot-Version");

	/**
	 * Scan an application.
	 * @param path a fat jar, WAR, plain jar or directory
	 * @return what it contains
	 * @throws ScanException if the path does not exist or cannot be read as an
	 * application
	 */
	ApplicationContents scan(Path path) throws ScanException {
		if (!Files.exists(path)) {
			throw new ScanException(path + ": no such file or directory");
		}
		try {
			return Files.isDirectory(path) ? scanDirectory(path) : scanArchive(path);
		}
		catch (ZipException ex) {
			throw new ScanException(path + ": not a jar, WAR, directory or CycloneDX SBOM (" + ex.getMessage() + ")");
		}
		catch (IOException | RuntimeException ex) {
			throw new ScanException(path + ": cannot be read (" + ex.getMessage() + ")");
		}
	}

	private ApplicationContents scanArchive(Path path) throws IOException, ScanException {
		try (ZipFile zip = new ZipFile(path.toFile())) {
			Library outer = read(zip, path.getFileName().toString(), path.toString());
			List<ZipEntry> nested = new ArrayList<>();
			Enumeration<? extends ZipEntry> entries = zip.entries();
			while (entries.hasMoreElements()) {
				ZipEntry entry = entries.nextElement();
				if (isLibrary(entry.getName())) {
					if (nested.size() == MAX_LIBRARIES) {
						throw new ScanException(
								path + ": more than " + MAX_LIBRARIES + " nested jars, not an application");
					}
					nested.add(entry);
				}
			}
			Contents contents = new Contents(path.toString(), outer.manifestAttribute(SPRING_BOOT_VERSION));
			if (nested.isEmpty()) {
				// A plain jar: Tomcat or Spring Boot itself, or with them shaded in
				contents.add(outer);
			}
			for (ZipEntry entry : nested) {
				contents.add(readNested(path, zip, entry));
			}
			return contents.toApplicationContents();
		}
	}

	// The wanted entries of a jar, looked up by name with random access
	private static Library read(ZipFile zip, String name, String description) throws IOException, ScanException {
		if (zip.size() > MAX_ENTRIES) {
			throw new ScanException(description + ": more than " + MAX_ENTRIES + " entries, not an application");
		}
		Map<String, byte[]> wanted = new HashMap<>();
		for (String entryName : Library.WANTED) {
			ZipEntry entry = zip.getEntry(entryName);
			if (entry != null) {
				try (InputStream input = zip.getInputStream(entry)) {
					wanted.put(entryName, Library.read(input, description + "!/" + entryName));
				}
			}
		}
		return new Library(name, wanted, zip.getEntry(Library.STATIC_RESOURCES) != null);
	}

	private static boolean isLibrary(String name) {
		if (!name.endsWith(".jar")) {
			return false;
		}
		for (String directory : LIBRARY_DIRECTORIES) {
			if (name.startsWith(directory) && name.indexOf('/', directory.length()) < 0) {
				return true;
			}
		}
		return false;
	}

	private Library readNested(Path path, ZipFile zip, ZipEntry entry) throws ScanException {
		String name = entry.getName();
		String description = path + "!/" + name;
		try {
			// A fat jar stores its jars uncompressed: read their central directory in
			// place. A WAR may compress them: read them as a stream, in memory.
			if (entry.getMethod() != ZipEntry.STORED) {
				return readCompressed(zip, entry);
			}
			try (NestedJarFile jar = new NestedJarFile(path.toFile(), name)) {
				return read(jar, fileName(name), description);
			}
		}
		catch (IOException | RuntimeException ex) {
			throw new ScanException(description + ": not a readable jar (" + ex.getMessage() + ")");
		}
	}

	private Library readCompressed(ZipFile zip, ZipEntry entry) throws IOException {
		try (ZipInputStream input = new ZipInputStream(zip.getInputStream(entry))) {
			Map<String, byte[]> wanted = new HashMap<>();
			boolean staticResources = false;
			int count = 0;
			ZipEntry nested;
			while ((nested = input.getNextEntry()) != null) {
				if (++count > MAX_ENTRIES) {
					throw new IOException("more than " + MAX_ENTRIES + " entries");
				}
				String entryName = nested.getName();
				if (Library.WANTED.contains(entryName)) {
					wanted.put(entryName, Library.read(input, entryName));
				}
				staticResources |= entryName.equals(Library.STATIC_RESOURCES);
			}
			if (count == 0) {
				throw new ZipException("no entries, not a jar");
			}
			return new Library(fileName(entry.getName()), wanted, staticResources);
		}
	}

	private ApplicationContents scanDirectory(Path directory) throws IOException, ScanException {
		List<Path> jars = new ArrayList<>();
		for (String libraryDirectory : LIBRARY_DIRECTORIES) {
			jars.addAll(jarsIn(directory.resolve(libraryDirectory)));
		}
		if (jars.isEmpty()) {
			// A folder of jars, such as an application's lib directory
			jars.addAll(jarsIn(directory));
		}
		if (jars.size() > MAX_LIBRARIES) {
			throw new ScanException(directory + ": more than " + MAX_LIBRARIES + " jars, not an application");
		}
		Map<String, byte[]> ownEntries = new HashMap<>();
		for (String name : List.of(Library.MANIFEST, Library.SERVER_INFO)) {
			Path file = directory.resolve(name);
			if (Files.isRegularFile(file)) {
				try (InputStream input = Files.newInputStream(file)) {
					ownEntries.put(name, Library.read(input, file.toString()));
				}
			}
		}
		Library own = new Library(directory.getFileName().toString(), ownEntries, false);
		Contents contents = new Contents(directory.toString(), own.manifestAttribute(SPRING_BOOT_VERSION));
		contents.add(own);
		for (Path jar : jars) {
			contents.add(readJar(jar));
		}
		return contents.toApplicationContents();
	}

	private static List<Path> jarsIn(Path directory) throws IOException {
		if (!Files.isDirectory(directory)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".jar") && Files.isRegularFile(file))
				.sorted()
				.toList();
		}
	}

	private Library readJar(Path jar) throws ScanException {
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			return read(zip, jar.getFileName().toString(), jar.toString());
		}
		catch (IOException | RuntimeException ex) {
			throw new ScanException(jar + ": not a readable jar (" + ex.getMessage() + ")");
		}
	}

	private static String fileName(String entryName) {
		return entryName.substring(entryName.lastIndexOf('/') + 1);
	}

	/**
	 * What the libraries seen so far tell.
	 */
	private static final class Contents {

		private final String location;

		private @Nullable String springBootVersion;

		private @Nullable String tomcatVersion;

		private @Nullable String tomcatArtifact;

		private final List<String> staticResourceJars = new ArrayList<>();

		Contents(String location, @Nullable String springBootVersion) {
			this.location = location;
			this.springBootVersion = springBootVersion;
		}

		void add(Library library) throws IOException {
			String tomcat = library.tomcatVersion();
			if (tomcat != null && this.tomcatVersion == null) {
				this.tomcatVersion = tomcat;
				this.tomcatArtifact = library.name();
			}
			if (this.springBootVersion == null) {
				this.springBootVersion = library.springBootVersion();
			}
			if (library.staticResources()) {
				this.staticResourceJars.add(library.name());
			}
		}

		ApplicationContents toApplicationContents() {
			return new ApplicationContents(this.location, this.tomcatVersion, this.tomcatArtifact,
					this.springBootVersion, this.staticResourceJars);
		}

	}

}
