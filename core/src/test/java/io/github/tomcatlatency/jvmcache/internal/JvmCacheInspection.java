package io.github.tomcatlatency.jvmcache.internal;

import io.github.tomcatlatency.jvmcache.JvmCache;
import io.github.tomcatlatency.jvmcache.JvmCacheKind;

/**
 * Prints what {@link JvmCacheInspector} tells of the JVM it runs in, one
 * {@code inspection.<field>=<value>} line per field of {@link JvmCache}: the main class
 * of the JVMs that {@link JvmCacheChildJvmTests} starts with and without a cache.
 */
public final class JvmCacheInspection {

	/**
	 * The prefix of each line printed.
	 */
	static final String PREFIX = "inspection.";

	private JvmCacheInspection() {
	}

	/**
	 * Print the inspection.
	 * @param args ignored
	 */
	public static void main(String[] args) {
		JvmCache cache = new JvmCacheInspector().inspect();
		if (cache == null) {
			System.out.println(PREFIX + "none=true");
			return;
		}
		JvmCacheKind kind = cache.kind();
		print("kind", (kind != null) ? kind.name() : null);
		print("file", cache.file());
		print("inUse", cache.inUse());
		print("trainedByStarter", cache.trainedByStarter());
		print("sharedClasses", cache.sharedClasses());
		print("loadedClasses", cache.loadedClasses());
		print("javaVersion", cache.javaVersion());
	}

	private static void print(String field, Object value) {
		System.out.println(PREFIX + field + "=" + value);
	}

}
