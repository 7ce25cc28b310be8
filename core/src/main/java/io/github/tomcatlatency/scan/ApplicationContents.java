package io.github.tomcatlatency.scan;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What a scan found in an application, without running it.
 *
 * @param location the scanned archive, directory or project
 * @param tomcatVersion the Tomcat version as its jar states it, or {@code null} when no
 * Tomcat was found
 * @param tomcatArtifact the jar the Tomcat version was read from, or {@code null}
 * @param springBootVersion the Spring Boot version, or {@code null} when none was found
 * @param staticResourceJars the jars of static resources that Tomcat has to search on
 * resource lookups (webjars, Swagger UI), by file name
 */
public record ApplicationContents(String location, @Nullable String tomcatVersion, @Nullable String tomcatArtifact,
		@Nullable String springBootVersion, List<String> staticResourceJars) {

	public ApplicationContents {
		staticResourceJars = List.copyOf(staticResourceJars);
	}

}
