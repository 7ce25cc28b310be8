package io.github.tomcatlatency.jvmcache;

import java.nio.file.Path;
import java.util.List;

/**
 * The kind of JVM cache a JDK writes from a training run, with the options that write it,
 * use it, and make the JVM refuse to start without it.
 */
public enum JvmCacheKind {

	/**
	 * The JDK's AOT cache (JEP 483 and 514), written in one step from Java 25 on.
	 */
	AOT_CACHE("application.aot", "AOTCache", "-XX:AOTCacheOutput=", "-XX:AOTMode=on"),

	/**
	 * A dynamic CDS archive, on Java 17 to 24.
	 */
	CDS_ARCHIVE("application.jsa", "SharedArchiveFile", "-XX:ArchiveClassesAtExit=", "-Xshare:on");

	/**
	 * The first Java feature release that writes an AOT cache in one training run.
	 */
	static final int AOT_CACHE_JAVA_VERSION = 25;

	private final String fileName;

	private final String vmOption;

	private final String trainingOption;

	private final String requiredOption;

	JvmCacheKind(String fileName, String vmOption, String trainingOption, String requiredOption) {
		this.fileName = fileName;
		this.vmOption = vmOption;
		this.trainingOption = trainingOption;
		this.requiredOption = requiredOption;
	}

	/**
	 * Return the kind of cache a training run on the given Java feature release writes.
	 * @param javaFeatureVersion the JDK's feature release, for example {@code 25}
	 * @return the kind of cache
	 */
	public static JvmCacheKind forJava(int javaFeatureVersion) {
		return (javaFeatureVersion >= AOT_CACHE_JAVA_VERSION) ? AOT_CACHE : CDS_ARCHIVE;
	}

	/**
	 * Return the name of the cache file a trained start uses.
	 * @return the file name
	 */
	public String fileName() {
		return this.fileName;
	}

	/**
	 * Return the HotSpot option that names the cache a JVM uses, as
	 * {@code HotSpotDiagnosticMXBean} knows it.
	 * @return the option's name
	 */
	public String vmOption() {
		return this.vmOption;
	}

	/**
	 * Return the JVM option that writes the cache when the training run's JVM exits.
	 * @param cache the cache file
	 * @return the option
	 */
	public String trainingOption(Path cache) {
		return this.trainingOption + cache;
	}

	/**
	 * Return the JVM option that uses the cache.
	 * @param cache the cache file
	 * @return the option
	 */
	public String useOption(Path cache) {
		return "-XX:" + this.vmOption + "=" + cache;
	}

	/**
	 * Return the JVM options that use the cache and make the JVM fail to start when it
	 * cannot, instead of starting without it.
	 * @param cache the cache file
	 * @return the options
	 */
	public List<String> requiredOptions(Path cache) {
		return List.of(useOption(cache), this.requiredOption);
	}

	/**
	 * Return the kind's name in messages.
	 * @return {@code AOT cache} or {@code CDS archive}
	 */
	public String description() {
		return (this == AOT_CACHE) ? "AOT cache" : "CDS archive";
	}

}
