package io.github.tomcatlatency.warmup;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Framework work that can start while the application is still starting, as soon as what
 * it needs exists: each piece runs on a daemon thread of its own, beside start-up's main
 * thread instead of after it (on two CPUs start-up already keeps them mostly busy, so
 * this moves the work earlier rather than making it free). As a {@link WarmupTask} it
 * waits, inside a warm-up request, for what has been started, so that the application
 * reports itself ready only after it.
 */
public final class BackgroundWarmup implements WarmupTask {

	private static final Log logger = LogFactory.getLog(BackgroundWarmup.class);

	private final List<CompletableFuture<Void>> started = new CopyOnWriteArrayList<>();

	private final Duration timeout;

	/**
	 * Create a background warm-up.
	 * @param timeout how long the warm-up request waits for the work started
	 */
	public BackgroundWarmup(Duration timeout) {
		this.timeout = timeout;
	}

	/**
	 * Start a piece of work on a daemon thread. Whatever it throws is logged at debug
	 * level: the warm-up goes on without it.
	 * @param name a short name for the thread and the log, for example {@code jpa}
	 * @param work the work
	 */
	public void start(String name, Runnable work) {
		CompletableFuture<Void> done = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			try {
				work.run();
			}
			catch (RuntimeException ex) {
				logger.debug("Background warm-up " + name + " failed; skipped", ex);
			}
			finally {
				done.complete(null);
			}
		}, "tomcat-latency-warmup-" + name);
		thread.setDaemon(true);
		this.started.add(done);
		thread.start();
	}

	@Override
	public String name() {
		return "background";
	}

	@Override
	public void run() throws InterruptedException, ExecutionException, TimeoutException {
		CompletableFuture.allOf(this.started.toArray(CompletableFuture[]::new))
			.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

}
