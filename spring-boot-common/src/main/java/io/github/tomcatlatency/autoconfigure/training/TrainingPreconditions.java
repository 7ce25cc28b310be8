package io.github.tomcatlatency.autoconfigure.training;

import io.github.tomcatlatency.training.TrainingException;
import io.github.tomcatlatency.warmup.LoopbackUri;
import org.apache.catalina.startup.Tomcat;

import org.springframework.context.support.DefaultLifecycleProcessor;
import org.springframework.core.SpringProperties;
import org.springframework.core.env.Environment;

/**
 * What a training run needs before it starts, each checked as early as it can be known,
 * so that a misconfigured training run fails fast instead of training nothing or never
 * ending.
 */
final class TrainingPreconditions {

	private static final String PROPERTY = "tomcat-latency.warmup.training=true";

	private TrainingPreconditions() {
	}

	/**
	 * Fail if the JVM is told to exit on refresh, before the server starts.
	 * @param environment the application's environment
	 */
	static void checkContextExit(Environment environment) {
		// Spring Framework reads it from system properties and spring.properties only.
		String exit = SpringProperties.getProperty(DefaultLifecycleProcessor.EXIT_PROPERTY_NAME);
		if (exit == null) {
			exit = environment.getProperty(DefaultLifecycleProcessor.EXIT_PROPERTY_NAME);
		}
		if (exit != null) {
			throw new TrainingException(
					PROPERTY + " cannot run with " + DefaultLifecycleProcessor.EXIT_PROPERTY_NAME + "=" + exit
							+ ": the JVM would exit when the context is refreshed, before the server starts "
							+ "and serves a single request.",
					"Remove " + DefaultLifecycleProcessor.EXIT_PROPERTY_NAME + " from the training run: " + PROPERTY
							+ " closes the application and exits by itself once the warm-up has served the routes.");
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
		if (LoopbackUri.of(tomcat, "") == null) {
			throw new TrainingException(
					PROPERTY + " needs a plain-HTTP connector for the warm-up, but the server listens only with TLS.",
					"Run the training with server.ssl.enabled=false, or add a plain-HTTP connector.");
		}
	}

}
