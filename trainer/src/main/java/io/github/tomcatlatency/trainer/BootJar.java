package io.github.tomcatlatency.trainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * A Spring Boot executable jar with tomcat-latency's starter in it: what a training run
 * can start.
 *
 * @param path the jar
 * @param springBootVersion the Spring Boot version its manifest names
 * @param springAot whether Spring AOT's {@code process-aot} generated the context of its
 * {@code Start-Class} at the build: the initializer Spring Boot loads instead of the
 * configuration classes when {@code spring.aot.enabled} is {@code true}
 */
record BootJar(Path path, String springBootVersion, boolean springAot) {

	private static final String[] STARTER_JARS = { "BOOT-INF/lib/tomcat-latency-spring-boot-autoconfigure-",
			"BOOT-INF/lib/tomcat-latency-spring-boot3-autoconfigure-" };

	// The suffix of the class SpringApplication loads in AOT mode: the main class's name
	// followed by it.
	private static final String AOT_INITIALIZER = "__ApplicationContextInitializer.class";

	/**
	 * Check a jar.
	 * @param path the jar
	 * @param names how the tool names its settings
	 * @return the jar
	 * @throws TrainingException naming what to change when it is no Boot jar with the
	 * starter
	 */
	static BootJar of(Path path, SettingNames names) throws TrainingException {
		if (!Files.isRegularFile(path)) {
			throw new TrainingException(names.jar() + ": " + path + " does not exist. " + names.buildTheJar()
					+ ", or point " + names.jar() + " at the application's executable jar.");
		}
		try (JarFile jar = new JarFile(path.toFile())) {
			Manifest manifest = jar.getManifest();
			String version = (manifest != null) ? manifest.getMainAttributes().getValue("Spring-Boot-Version") : null;
			if (version == null) {
				throw new TrainingException(names.jar() + ": " + path + " is not a Spring Boot executable jar (its "
						+ "manifest has no Spring-Boot-Version). " + names.buildTheJar() + ", or point " + names.jar()
						+ " at the executable jar.");
			}
			if (!hasStarter(jar)) {
				throw new TrainingException(names.jar() + ": " + path
						+ " does not contain tomcat-latency's starter, whose "
						+ "training mode the training run needs. Add io.github.tomcatlatency:"
						+ "tomcat-latency-spring-boot-starter (Spring Boot 4) or "
						+ "tomcat-latency-spring-boot3-starter (Spring Boot 3.5) to the application's dependencies.");
			}
			return new BootJar(path, version, springAot(jar, manifest.getMainAttributes()));
		}
		catch (IOException ex) {
			throw new TrainingException(
					names.jar() + ": " + path + " cannot be read as a jar (" + ex.getMessage() + ").", ex);
		}
	}

	private static boolean hasStarter(JarFile jar) {
		for (JarEntry entry : Collections.list(jar.entries())) {
			for (String starter : STARTER_JARS) {
				if (entry.getName().startsWith(starter)) {
					return true;
				}
			}
		}
		return false;
	}

	private static boolean springAot(JarFile jar, Attributes attributes) {
		String startClass = attributes.getValue("Start-Class");
		String classes = attributes.getValue("Spring-Boot-Classes");
		return startClass != null && classes != null
				&& jar.getEntry(classes + startClass.replace('.', '/') + AOT_INITIALIZER) != null;
	}

	/**
	 * Return the jar's file name, which the extracted layout keeps.
	 * @return the file name
	 */
	String fileName() {
		return this.path.getFileName().toString();
	}

}
