package io.github.tomcatlatency.warmup.internal.task;

/**
 * Framework work that every route of a kind shares and that a warm-up request runs on a
 * server thread, inside the request, on the warm-up's tasks route. A task calls no
 * application code and leaves no trace: whatever it cannot do it skips.
 */
public interface WarmupTask {

	/**
	 * Return a short name for logs, for example {@code jpa}.
	 * @return the name
	 */
	String name();

	/**
	 * Run the task.
	 * @throws Exception if it fails; the warm-up logs it in one INFO line and goes on
	 */
	void run() throws Exception;

}
