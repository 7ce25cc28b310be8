package io.github.tomcatlatency.autoconfigure.internal;

import java.util.concurrent.atomic.AtomicBoolean;

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
		try {
			action.run();
		}
		catch (RuntimeException | LinkageError ex) {
			warn(part, property, ex);
		}
	}

	/**
	 * Return a part of the starter that runs several times, containing what it throws:
	 * its first failure is logged as {@link #run} logs it and switches the part off, so
	 * that one warning is all the application sees of it, whichever thread runs it.
	 * @param part what the part does, for the log
	 * @param property the property that switches it off
	 * @param action the part
	 * @return the part, which does nothing once it has failed
	 */
	public static Runnable untilFailure(String part, String property, Runnable action) {
		AtomicBoolean failed = new AtomicBoolean();
		return () -> {
			if (failed.get()) {
				return;
			}
			try {
				action.run();
			}
			catch (RuntimeException | LinkageError ex) {
				if (failed.compareAndSet(false, true)) {
					warn(part, property, ex);
				}
			}
		};
	}

	/**
	 * Log a part's failure as {@link #run} does.
	 * @param part what the part does
	 * @param property the property that switches it off
	 * @param ex what it threw
	 */
	static void warn(String part, String property, Throwable ex) {
		logger.warn("tomcat-latency: " + part + " failed (" + Failures.describe(ex)
				+ "); the application goes on without it (" + property + "=false switches it off)");
		logger.debug("tomcat-latency: " + part + " failed", ex);
	}

}
