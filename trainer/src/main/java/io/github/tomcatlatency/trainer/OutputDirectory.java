package io.github.tomcatlatency.trainer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A directory a training writes, marked by a file of its own, {@value #MARKER}, so that
 * the next training deletes only what a training wrote: a directory without the mark is
 * never deleted unless it is empty.
 */
final class OutputDirectory {

	static final String MARKER = ".tomcat-latency-train";

	private OutputDirectory() {
	}

	/**
	 * Check that a directory can be replaced: it does not exist, is empty or was written
	 * by a training.
	 * @param directory the directory
	 * @param setting the setting that names it, for the message
	 * @throws TrainingException naming the setting when it holds anything else
	 */
	static void checkReplaceable(Path directory, String setting) throws TrainingException {
		if (!Files.exists(directory) || Files.isRegularFile(directory.resolve(MARKER)) || isEmptyDirectory(directory)) {
			return;
		}
		throw new TrainingException(setting + ": " + directory + " is not empty and no training wrote it (it has no "
				+ MARKER + " file); nothing was deleted. Set " + setting
				+ " to a directory of its own, for example tomcat-latency next to the jar, or delete it yourself.");
	}

	private static boolean isEmptyDirectory(Path directory) throws TrainingException {
		if (!Files.isDirectory(directory)) {
			return false;
		}
		try (Stream<Path> entries = Files.list(directory)) {
			return entries.findAny().isEmpty();
		}
		catch (IOException ex) {
			throw new TrainingException(directory + " cannot be read: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Create a directory and mark it as a training's.
	 * @param directory the directory, which does not exist
	 * @throws IOException if it cannot be created
	 */
	static void create(Path directory) throws IOException {
		Files.createDirectories(directory);
		Files.writeString(directory.resolve(MARKER), "Written by tomcat-latency's train: the next training deletes "
				+ "this directory and writes it again.\n");
	}

	/**
	 * Delete a directory that {@link #checkReplaceable} accepted, with what it holds.
	 * @param directory the directory
	 * @throws TrainingException if it cannot be deleted
	 */
	static void delete(Path directory) throws TrainingException {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
		catch (IOException | UncheckedIOException ex) {
			throw new TrainingException(directory + " cannot be deleted: " + ex.getMessage(), ex);
		}
	}

}
