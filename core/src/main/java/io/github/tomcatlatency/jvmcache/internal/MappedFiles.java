package io.github.tomcatlatency.jvmcache.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Tells where the running JVM mapped a file into its memory, from Linux's
 * {@code /proc/self/maps}: a JVM maps the CDS archive or AOT cache it uses, and does not
 * map, or maps outside its {@link SharedArchiveSpace shared archive space}, one it
 * refused (another JDK, class path or options than the training run's).
 */
final class MappedFiles {

	private static final Path MAPS = Path.of("/proc/self/maps");

	private static final String DELETED = " (deleted)";

	/**
	 * A line of {@code maps}: the address range, then permissions, offset, device and
	 * inode, then the path, if any, after blanks.
	 */
	private static final Pattern LINE = Pattern
		.compile("^(\\p{XDigit}{1,16})-(\\p{XDigit}{1,16})\\s+\\S+\\s+\\S+\\s+\\S+\\s+\\S+(?:\\s+(.*))?$");

	private MappedFiles() {
	}

	/**
	 * Return where the running JVM mapped a file.
	 * @param file the file, absolute or relative to the JVM's start directory
	 * @return the address ranges of its mappings, empty when it is not mapped, or
	 * {@code null} when that cannot be told: not on Linux, or {@code /proc/self/maps}
	 * cannot be read
	 */
	static @Nullable List<AddressRange> mappings(Path file) {
		if (!System.getProperty("os.name", "").startsWith("Linux") || !Files.isReadable(MAPS)) {
			return null;
		}
		try {
			// Read as a whole: /proc files have no size.
			String maps = new String(Files.readAllBytes(MAPS), StandardCharsets.UTF_8);
			return mappings(maps, realPath(file));
		}
		catch (IOException ex) {
			return null;
		}
	}

	/**
	 * Return where {@code maps} text lists a file.
	 * @param maps the text of {@code /proc/<pid>/maps}
	 * @param file the file's real path, as the kernel names it
	 * @return the address ranges of its mappings, also of those whose file has been
	 * deleted or replaced since
	 */
	static List<AddressRange> mappings(String maps, String file) {
		return maps.lines()
			.map(LINE::matcher)
			.filter((line) -> line.matches() && file.equals(path(line)))
			.map((line) -> new AddressRange(Long.parseUnsignedLong(line.group(1), 16),
					Long.parseUnsignedLong(line.group(2), 16)))
			.toList();
	}

	/**
	 * Return the path of a line of {@code maps}, with the kernel's {@value #DELETED}
	 * suffix removed.
	 * @param line the line, for example
	 * {@code 800000000-800a6b000 r--p 00001000 08:01 1234 /app/application.jsa}
	 * @return the path, or {@code null} for an anonymous mapping or a line of another
	 * form
	 */
	static @Nullable String path(String line) {
		Matcher matcher = LINE.matcher(line);
		return matcher.matches() ? path(matcher) : null;
	}

	private static @Nullable String path(Matcher line) {
		String path = line.group(3);
		if (path == null || path.isEmpty()) {
			return null;
		}
		return path.endsWith(DELETED) ? path.substring(0, path.length() - DELETED.length()) : path;
	}

	private static String realPath(Path file) {
		try {
			return file.toRealPath().toString();
		}
		catch (IOException ex) {
			// Gone since the JVM mapped it, if it did: the kernel names it by its old
			// path.
			return file.toAbsolutePath().normalize().toString();
		}
	}

}
