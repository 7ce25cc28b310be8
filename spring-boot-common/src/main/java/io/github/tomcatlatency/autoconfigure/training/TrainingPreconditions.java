package io.github.tomcatlatency.autoconfigure.training;

import io.github.tomcatlatency.warmup.internal.client.LoopbackServer;
import org.apache.catalina.startup.Tomcat;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.support.DefaultLifecycleProcessor;
import org.springframework.core.SpringProperties;
import org.springframework.core.env.Environment;

/**
 * What a training run needs before it starts, each checked as early as it can be known,
 * so that a misconfigured training run fails fast instead of training nothing or never
 * ending.
 */
final class TrainingPreconditions {

	private static final Log logger = LogFactory.getLog(TrainingPreconditions.class);

	private static final String PROPERTY = "tomcat-latency.warmup.training=true";

	private TrainingPreconditions() {
	}

	/**
	 * Take the place of Spring Framework's exit on refresh, which would end the JVM
	 * before the server starts: Cloud Native Buildpacks' training run always sets it, and
	 * the training mode exits by itself once the warm-up has served the routes.
	 */
	static void replaceContextExit() {
		// Spring Framework reads it from system properties and spring.properties only,
		// when it creates the lifecycle processor, after the singletons.
		String exit = SpringProperties.getProperty(DefaultLifecycleProcessor.EXIT_PROPERTY_NAME);
		if (exit != null) {
			SpringProperties.setProperty(DefaultLifecycleProcessor.EXIT_PROPERTY_NAME, null);
			System.clearProperty(DefaultLifecycleProcessor.EXIT_PROPERTY_NAME);
			logger.info(PROPERTY + " takes the place of " + DefaultLifecycleProcessor.EXIT_PROPERTY_NAME + "=" + exit
					+ ": the server starts, and the JVM exits once the warm-up has served the routes");
		}
	}

	/**
	 * Return the failure of a training run in an application without the warm-up.
	 * @param environment the application's environment
	 * @return the failure
	 */
	static TrainingException warmupMissing(Environment environment) {
		String reason;
		if (!environment.getProperty("tomcat-latency.enabled", Boolean.class, true)) {
			reason = "tomcat-latency.enabled is false";
		}
		else if (!environment.getProperty("tomcat-latency.warmup.enabled", Boolean.class, true)) {
			reason = "tomcat-latency.warmup.enabled is false";
		}
		else {
			reason = "the application is not a Spring MVC application on an embedded Tomcat";
		}
		return new TrainingException(
				PROPERTY + " needs the warm-up, but " + reason
						+ ": the training run would serve no request and teach the JVM nothing of the request path.",
				"Run the training on a Spring MVC application on Tomcat with the warm-up enabled, or remove " + PROPERTY
						+ ".");
	}

	/**
	 * Fail if the warm-up cannot reach the server.
	 * @param tomcat the started server
	 */
	static void checkConnector(Tomcat tomcat) {
		if (LoopbackServer.of(tomcat, "") == null) {
			throw new TrainingException(
					PROPERTY + " needs a connector the warm-up can reach, but the server listens only with TLS "
							+ "and a certificate that is not in a key store Tomcat holds.",
					"Configure the certificate with server.ssl.bundle or server.ssl.key-store, or run the training "
							+ "with server.ssl.enabled=false.");
		}
	}

}
