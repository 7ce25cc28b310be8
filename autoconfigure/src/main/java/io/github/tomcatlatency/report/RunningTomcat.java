package io.github.tomcatlatency.report;

import java.util.function.Supplier;

import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;

/**
 * The Tomcat an application context runs, once its web server exists.
 */
public final class RunningTomcat {

	private RunningTomcat() {
	}

	/**
	 * Return a supplier of the Tomcat the given context runs.
	 * @param applicationContext the application context
	 * @return a supplier of the running Tomcat, which gives {@code null} before the web
	 * server is created or when it is not Tomcat
	 */
	public static Supplier<@Nullable Tomcat> of(ApplicationContext applicationContext) {
		return () -> (applicationContext instanceof WebServerApplicationContext context
				&& context.getWebServer() instanceof TomcatWebServer webServer) ? webServer.getTomcat() : null;
	}

}
