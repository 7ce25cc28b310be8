package io.github.tomcatlatency.maven;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import io.github.tomcatlatency.jvmcache.JvmCacheKind;
import org.apache.maven.plugin.MojoFailureException;

/**
 * The JDK that runs the training, and so the one production must run.
 *
 * @param home the JDK's home
 * @param version its full version, for example {@code 25.0.1}
 * @param vendor its implementor, or {@code unknown}
 */
record TrainingJdk(Path home, String version, String vendor) {

	private static final int MINIMUM = 17;

	/**
	 * Read a JDK's {@code release} file.
	 * @param home the JDK's home
	 * @return the JDK
	 * @throws MojoFailureException naming {@code javaHome} when it is no JDK 17 or later
	 */
	static TrainingJdk of(Path home) throws MojoFailureException {
		Path release = home.resolve("release");
		if (!Files.isExecutable(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) {
			throw new MojoFailureException("javaHome: " + home + " is not a JDK (no bin/java and release file). "
					+ "Set javaHome to the JDK that production runs.");
		}
		Properties properties = new Properties();
		try (InputStream input = Files.newInputStream(release)) {
			properties.load(input);
		}
		catch (IOException ex) {
			throw new MojoFailureException("javaHome: " + release + " cannot be read (" + ex.getMessage() + ").", ex);
		}
		String version = unquote(properties.getProperty("JAVA_VERSION", ""));
		TrainingJdk jdk = new TrainingJdk(home, version, unquote(properties.getProperty("IMPLEMENTOR", "unknown")));
		if (jdk.feature() < MINIMUM) {
			throw new MojoFailureException("javaHome: " + home + " is Java " + version + "; the starter and its "
					+ "training need Java " + MINIMUM + " or later.");
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

	/**
	 * Return the {@code java} launcher.
	 * @return the launcher's path
	 */
	String java() {
		return this.home.resolve("bin").resolve("java").toString();
	}

	@Override
	public String toString() {
		return "Java " + this.version + " (" + this.vendor + ")";
	}

}
