package io.github.tomcatlatency.warmup.internal.client;

import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.jspecify.annotations.Nullable;

/**
 * Counts the work Tomcat's connectors have taken on: the tasks given to their thread
 * pools, one or more for every request and connection event. The count stands still only
 * while the server serves nothing, which is when the warm-up sends what it sends after
 * readiness, so that real first requests do not share the CPUs with it.
 */
public final class ConnectorActivity implements LongSupplier {

	/**
	 * What {@link #getAsLong()} returns when no connector's thread pool counts its tasks
	 * (virtual threads, or a user's executor).
	 */
	public static final long UNKNOWN = -1;

	private final Supplier<@Nullable Tomcat> tomcat;

	/**
	 * Create a count of the given server's work.
	 * @param tomcat the running server, or {@code null} before it starts
	 */
	public ConnectorActivity(Supplier<@Nullable Tomcat> tomcat) {
		this.tomcat = tomcat;
	}

	/**
	 * Return the number of tasks the connectors' thread pools have been given so far.
	 * @return the count, or {@link #UNKNOWN}
	 */
	@Override
	public long getAsLong() {
		Tomcat running = this.tomcat.get();
		if (running == null) {
			return UNKNOWN;
		}
		long tasks = UNKNOWN;
		for (Connector connector : running.getService().findConnectors()) {
			long count = taskCount(connector.getProtocolHandler().getExecutor());
			if (count != UNKNOWN) {
				tasks = Math.max(tasks, 0) + count;
			}
		}
		return tasks;
	}

	private static long taskCount(@Nullable Executor executor) {
		if (executor instanceof org.apache.tomcat.util.threads.ThreadPoolExecutor tomcatPool) {
			return tomcatPool.getTaskCount();
		}
		if (executor instanceof java.util.concurrent.ThreadPoolExecutor pool) {
			return pool.getTaskCount();
		}
		return UNKNOWN;
	}

}
