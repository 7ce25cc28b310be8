package io.github.tomcatlatency.trainer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;

/**
 * The JDK that runs the training, and so the one production must run.
 *
 * @param home the JDK's home
 * @param java its {@code java} launcher: {@code bin/java}, or {@code bin/java.exe} on
 * Windows
 * @param version its full version, for example {@code 25.0.1}
 * @param vendor its implementor, or {@code unknown}
 */
record TrainingJdk(Path home, Path java, String version, String vendor) {

	private static final int MINIMUM = 17;

	private static final List<String> LAUNCHERS = List.of("java", "java.exe");

	/**
	 * Read a JDK's {@code release} file.
	 * @param home the JDK's home
	 * @param names how the tool names its settings
	 * @return the JDK
	 * @throws TrainingException naming the setting when it is no JDK 17 or later
	 */
	static TrainingJdk of(Path home, SettingNames names) throws TrainingException {
		Path release = home.resolve("release");
		Path java = LAUNCHERS.stream()
			.map(home.resolve("bin")::resolve)
			.filter((launcher) -> Files.isRegularFile(launcher) && Files.isExecutable(launcher))
			.findFirst()
			.orElse(null);
		if (java == null || !Files.isRegularFile(release)) {
			throw new TrainingException(names.javaHome() + ": " + home + " is not a JDK (it needs bin/java, or "
					+ "bin/java.exe on Windows, and a release file). Set " + names.javaHome()
					+ " to the JDK that production runs.");
		}
		Properties properties = new Properties();
		try (InputStream input = Files.newInputStream(release)) {
			properties.load(input);
		}
		catch (IOException ex) {
			throw new TrainingException(
					names.javaHome() + ": " + release + " cannot be read (" + ex.getMessage() + ").", ex);
		}
		String version = unquote(properties.getProperty("JAVA_VERSION", ""));
		TrainingJdk jdk = new TrainingJdk(home, java, version,
				unquote(properties.getProperty("IMPLEMENTOR", "unknown")));
		if (jdk.feature() < MINIMUM) {
			throw new TrainingException(names.javaHome() + ": " + home + " is Java " + version
					+ "; the starter and its " + "training need Java " + MINIMUM + " or later.");
		}
		return jdk;
	}

	private static String unquote(String value) {
		return value.replace("\"", "").trim();
	}

	/**
	 * Return the JDK's feature release.
	 * @return the feature release, for example {@code 25}, or {@code 0} if unknown
	 */
	int feature() {
		int end = 0;
		while (end < this.version.length() && Character.isDigit(this.version.charAt(end))) {
			end++;
		}
		return (end > 0) ? Integer.parseInt(this.version.substring(0, end)) : 0;
	}

	/**
	 * Return the kind of cache this JDK writes from a training run.
	 * @return the kind
	 */
	JvmCacheKind cacheKind() {
		return JvmCacheKind.forJava(feature());
	}

	@Override
	public String toString() {
		return "Java " + this.version + " (" + this.vendor + ")";
	}

}
