package io.github.tomcatlatency.autoconfigure.internal;

import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;

/**
 * The Tomcat that the application's embedded web server runs. Provided by each Boot
 * line's starter, whose web server classes live in packages of their own.
 */
@FunctionalInterface
public interface EmbeddedTomcat {

	/**
	 * Return the running Tomcat.
	 * @return the Tomcat, or {@code null} before the web server is created or when it is
	 * not Tomcat
	 */
	@Nullable Tomcat get();

}
