package io.github.tomcatlatency.warmup.internal.task;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.internal.Failures;
import io.github.tomcatlatency.internal.Milliseconds;
import io.github.tomcatlatency.warmup.WarmupResult.TaskOutcome;
import io.github.tomcatlatency.warmup.WarmupResult.TaskResult;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * What each warm-up task did the last time it ran, for the warm-up's result: the tasks
 * run inside a request on a server thread, the result is the client side's. A task that
 * cannot run is said once at INFO, with what it lacks: it switches nothing off in
 * silence.
 */
public final class WarmupTaskResults {

	private static final Log logger = LogFactory.getLog(WarmupTaskResults.class);

	private final Map<String, TaskResult> results = new LinkedHashMap<>();

	/**
	 * Record what a task did.
	 * @param task the task's name
	 * @param nanos how long it ran
	 * @param failure what stopped it, {@code null} if it ran to its end
	 */
	public synchronized void record(String task, long nanos, @Nullable Throwable failure) {
		TaskOutcome outcome = TaskOutcome.RAN;
		if (failure != null) {
			outcome = (failure instanceof LinkageError) ? TaskOutcome.UNSUPPORTED : TaskOutcome.FAILED;
		}
		String reason = (failure != null) ? Failures.describe(failure) : null;
		TaskResult result = new TaskResult(task, outcome, Milliseconds.of(nanos), reason);
		TaskResult previous = this.results.put(task, result);
		boolean saidBefore = previous != null && previous.outcome() == outcome;
		if (failure != null && !saidBefore) {
			String what = (outcome == TaskOutcome.UNSUPPORTED) ? "cannot run on this application's library versions"
					: "failed";
			logger.info("Tomcat warm-up task " + task + " " + what + " (" + reason
					+ "): the routes it serves start colder; the rest of the warm-up runs");
		}
		if (failure != null && logger.isDebugEnabled()) {
			logger.debug("Tomcat warm-up task " + task + " did not run to its end", failure);
		}
	}

	/**
	 * Return what each task did the last time it ran, in the order they first ran.
	 * @return the results
	 */
	public synchronized List<TaskResult> results() {
		return new ArrayList<>(this.results.values());
	}

}
