package io.github.tomcatlatency.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.Manifest;

import org.jspecify.annotations.Nullable;

/**
 * The few entries of a jar that tell what it is: its manifest, Tomcat's
 * {@code ServerInfo.properties}, Spring Boot's Maven {@code pom.properties}, and whether
 * it serves static resources from {@code META-INF/resources}.
 *
 * @param name the jar's file name
 * @param entries the wanted entries read, by name
 * @param staticResources whether the jar has a {@code META-INF/resources/} entry
 */
record Library(String name, Map<String, byte[]> entries, boolean staticResources) {

	static final String MANIFEST = "META-INF/MANIFEST.MF";

	static final String SERVER_INFO = "org/apache/catalina/util/ServerInfo.properties";

	static final String SPRING_BOOT_POM = "META-INF/maven/org.springframework.boot/spring-boot/pom.properties";

	/**
	 * The entries read, looked up by name: a jar's other entries are never listed.
	 */
	static final List<String> WANTED = List.of(MANIFEST, SERVER_INFO, SPRING_BOOT_POM);

	/**
	 * The directory of the static resources a jar serves.
	 */
	static final String STATIC_RESOURCES = "META-INF/resources/";

	/**
	 * The largest wanted entry read; larger ones are not what they claim to be.
	 */
	static final int MAX_ENTRY_SIZE = 1024 * 1024;

	static byte[] read(InputStream input, String description) throws IOException {
		byte[] content = input.readNBytes(MAX_ENTRY_SIZE + 1);
		if (content.length > MAX_ENTRY_SIZE) {
			throw new IOException(description + " is larger than " + MAX_ENTRY_SIZE + " bytes");
		}
		return content;
	}

	/**
	 * Return the Tomcat version the jar states, if it is Tomcat's core.
	 * @return the version, or {@code null} if this is not Tomcat's core
	 * @throws IOException if the entry cannot be parsed
	 */
	@Nullable String tomcatVersion() throws IOException {
		Properties serverInfo = properties(SERVER_INFO);
		if (serverInfo == null) {
			return null;
		}
		// "Apache Tomcat/8.5.31", as the running server reports it
		String info = serverInfo.getProperty("server.info", "");
		int slash = info.indexOf('/');
		if (slash >= 0) {
			return info.substring(slash + 1).trim();
		}
		String implementation = manifestAttribute(Attributes.Name.IMPLEMENTATION_VERSION);
		return (implementation != null) ? implementation : info;
	}

	/**
	 * Return the Spring Boot version, if this is the {@code spring-boot} jar.
	 * @return the version, or {@code null}
	 * @throws IOException if an entry cannot be parsed
	 */
	@Nullable String springBootVersion() throws IOException {
		Properties pom = properties(SPRING_BOOT_POM);
		if (pom != null) {
			return pom.getProperty("version");
		}
		return "Spring Boot".equals(manifestAttribute(Attributes.Name.IMPLEMENTATION_TITLE))
				? manifestAttribute(Attributes.Name.IMPLEMENTATION_VERSION) : null;
	}

	@Nullable String manifestAttribute(Attributes.Name name) throws IOException {
		byte[] manifest = this.entries.get(MANIFEST);
		if (manifest == null) {
			return null;
		}
		return new Manifest(new ByteArrayInputStream(manifest)).getMainAttributes().getValue(name);
	}

	private @Nullable Properties properties(String entryName) throws IOException {
		byte[] content = this.entries.get(entryName);
		if (content == null) {
			return null;
		}
		Properties properties = new Properties();
		properties.load(new ByteArrayInputStream(content));
		return properties;
	}

}
