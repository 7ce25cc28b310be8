package io.github.tomcatlatency.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Assembles applications from the real jars that Maven copied from Maven Central into
 * {@code target/scan-jars}: fat jars store their jars as Spring Boot does, WARs compress
 * them as a plain WAR does.
 */
final class TestArchives {

	static final Path JARS = Path.of(System.getProperty("scan.jars", "target/scan-jars"));

	private TestArchives() {
	}

	static Path jar(String fileName) {
		Path jar = JARS.resolve(fileName);
		if (!Files.isRegularFile(jar)) {
			throw new IllegalStateException(jar + " missing: run the build's generate-test-resources phase");
		}
		return jar;
	}

	static Path fatJar(Path directory, String bootVersion, String... libraries) throws IOException {
		Map<String, byte[]> entries = new LinkedHashMap<>();
		entries.put("META-INF/MANIFEST.MF", manifest(bootVersion));
		for (String library : libraries) {
			entries.put("BOOT-INF/lib/" + library, Files.readAllBytes(jar(library)));
		}
		return zip(directory.resolve("app-" + bootVersion + ".jar"), entries, true);
	}

	static Path war(Path directory, String[] libraries, String[] providedLibraries) throws IOException {
		Map<String, byte[]> entries = new LinkedHashMap<>();
		entries.put("META-INF/MANIFEST.MF", manifest(null));
		entries.put("WEB-INF/web.xml", "<web-app/>".getBytes());
		for (String library : libraries) {
			entries.put("WEB-INF/lib/" + library, Files.readAllBytes(jar(library)));
		}
		for (String library : providedLibraries) {
			entries.put("WEB-INF/lib-provided/" + library, Files.readAllBytes(jar(library)));
		}
		return zip(directory.resolve("app.war"), entries, false);
	}

	static byte[] manifest(String bootVersion) throws IOException {
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		if (bootVersion != null) {
			manifest.getMainAttributes().putValue("Main-Class", "org.springframework.boot.loader.JarLauncher");
			manifest.getMainAttributes().putValue("Spring-Boot-Version", bootVersion);
		}
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		manifest.write(bytes);
		return bytes.toByteArray();
	}

	static Path zip(Path file, Map<String, byte[]> entries, boolean stored) throws IOException {
		try (OutputStream output = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(output)) {
			for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
				zip.putNextEntry(entry(entry.getKey(), entry.getValue(), stored));
				zip.write(entry.getValue());
				zip.closeEntry();
			}
		}
		return file;
	}

	private static ZipEntry entry(String name, byte[] content, boolean stored) {
		ZipEntry entry = new ZipEntry(name);
		if (stored) {
			CRC32 crc = new CRC32();
			crc.update(content);
			entry.setMethod(ZipEntry.STORED);
			entry.setSize(content.length);
			entry.setCompressedSize(content.length);
			entry.setCrc(crc.getValue());
		}
		return entry;
	}

}
