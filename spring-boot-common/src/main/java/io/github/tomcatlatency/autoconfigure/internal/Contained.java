package io.github.tomcatlatency.autoconfigure.internal;

import java.util.function.Supplier;

import io.github.tomcatlatency.internal.Failures;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Runs a part of the starter inside the application's lifecycle (a listener, a bean
 * post-processor) so that whatever it did not expect never reaches the application: one
 * warning names the cause and the property that switches that part off, the stack trace
 * is logged at debug level, and the application goes on as without that part.
 */
public final class Contained {

	private static final Log logger = LogFactory.getLog("io.github.tomcatlatency");

	private Contained() {
	}

	/**
	 * Run a part of the starter, containing what it throws.
	 * @param part what the part does, for the log, for example {@code "the warm-up's
	 * meters' removal"}
	 * @param property the property that switches it off, for example
	 * {@code tomcat-latency.warmup.enabled}
	 * @param action the part
	 */
	public static void run(String part, String property, Runnable action) {
		get(part, property, () -> {
			action.run();
			return null;
		}, null);
	}

	/**
	 * Run a part of the starter that returns a value, containing what it throws.
	 * @param <T> the type of the value
	 * @param part what the part does, for the log
	 * @param property the property that switches it off
	 * @param action the part
	 * @param fallback what to return when it fails: what the application has without it
	 * @return the part's value, or the fallback
	 */
	public static <T> T get(String part, String property, Supplier<T> action, T fallback) {
		try {
			return action.get();
		}
		catch (RuntimeException | LinkageError ex) {
			warn(part, property, ex);
			return fallback;
		}
	}

	/**
	 * Log a failure that the starter contained.
	 * @param part what failed
	 * @param property the property that switches it off
	 * @param failure what it threw
	 */
	public static void warn(String part, String property, Throwable failure) {
		logger.warn("tomcat-latency: " + part + " failed (" + Failures.describe(failure)
				+ "); the application goes on without it (" + property + "=false switches it off)");
		logger.debug("tomcat-latency: " + part + " failed", failure);
	}

}
