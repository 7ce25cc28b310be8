package io.github.tomcatlatency.jvmcache.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import org.jspecify.annotations.Nullable;

/**
 * What a trained start records next to its cache, in {@value #FILE_NAME}: which cache the
 * starter's training run produced, of which kind, on which JDK, and how many of the
 * classes the JVM loaded came from it when the build checked it. Written last, once the
 * cache has been checked, so that its presence means the cache is the training's.
 *
 * @param cacheFile the cache's file name
 * @param kind the kind of cache
 * @param javaVersion the {@code java.version} of the JDK that wrote it
 * @param sharedClasses classes loaded from the cache by the build's check start
 * @param loadedClasses classes loaded in all by that start
 */
public record TrainedCache(String cacheFile, JvmCacheKind kind, String javaVersion, long sharedClasses,
		long loadedClasses) {

	/**
	 * The name of the file, in the cache's directory.
	 */
	public static final String FILE_NAME = "tomcat-latency-training.properties";

	/**
	 * Write this record into a directory.
	 * @param directory the cache's directory
	 * @throws IOException if the file cannot be written
	 */
	public void writeTo(Path directory) throws IOException {
		Properties properties = new Properties();
		properties.setProperty("cache", this.cacheFile);
		properties.setProperty("kind", this.kind.name());
		properties.setProperty("java.version", this.javaVersion);
		properties.setProperty("shared-classes", Long.toString(this.sharedClasses));
		properties.setProperty("loaded-classes", Long.toString(this.loadedClasses));
		try (OutputStream output = Files.newOutputStream(directory.resolve(FILE_NAME))) {
			properties.store(output, "Written by tomcat-latency's train (the Maven goal or the command line)");
		}
	}

	/**
	 * Read the record of a cache, if the starter's training wrote one for it.
	 * @param cache the cache file
	 * @return the record, or {@code null} if there is none for this cache or it cannot be
	 * read
	 */
	public static @Nullable TrainedCache readFor(Path cache) {
		Path directory = cache.toAbsolutePath().getParent();
		Path file = (directory != null) ? directory.resolve(FILE_NAME) : null;
		if (file == null || !Files.isRegularFile(file)) {
			return null;
		}
		Properties properties = new Properties();
		try (InputStream input = Files.newInputStream(file)) {
			properties.load(input);
			String cacheFile = properties.getProperty("cache");
			if (cacheFile == null || !cacheFile.equals(String.valueOf(cache.getFileName()))) {
				return null;
			}
			return new TrainedCache(cacheFile, JvmCacheKind.valueOf(properties.getProperty("kind", "")),
					properties.getProperty("java.version", "unknown"),
					Long.parseLong(properties.getProperty("shared-classes", "0")),
					Long.parseLong(properties.getProperty("loaded-classes", "0")));
		}
		catch (IOException | IllegalArgumentException ex) {
			return null;
		}
	}

}
