package io.github.tomcatlatency.warmup.internal.task;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Framework work that the warm-up runs in parallel with its requests, before readiness
 * (unlike the requests it sends after readiness, in the background): each piece is handed
 * over as soon as what it needs exists, and runs on a daemon thread of its own once the
 * application context has been refreshed, so that it never competes with the refresh for
 * the CPUs. As a {@link WarmupTask} it waits, inside a warm-up request, for every piece,
 * so that the application reports itself ready only after them.
 */
public final class ParallelWarmup implements WarmupTask {

	private static final Log logger = LogFactory.getLog(ParallelWarmup.class);

	private final List<Runnable> waiting = new ArrayList<>();

	private final List<CompletableFuture<Void>> started = new ArrayList<>();

	private final Duration timeout;

	private boolean began;

	/**
	 * Create the parallel warm-up.
	 * @param timeout how long the warm-up request waits for the work started
	 */
	public ParallelWarmup(Duration timeout) {
		this.timeout = timeout;
	}

	/**
	 * Hand over a piece of work, to run on a daemon thread once the warm-up
	 * {@link #begin() begins}, or at once if it has. Whatever it throws is logged at
	 * debug level: the warm-up goes on without it.
	 * @param name a short name for the thread and the log, for example {@code jpa}
	 * @param work the work
	 */
	public void start(String name, Runnable work) {
		CompletableFuture<Void> done = new CompletableFuture<>();
		Runnable thread = () -> {
			Thread worker = new Thread(() -> {
				try {
					work.run();
				}
				catch (RuntimeException | LinkageError ex) {
					// A LinkageError: a library version the work does not know.
					logger.debug("Parallel warm-up " + name + " failed; skipped", ex);
				}
				finally {
					done.complete(null);
				}
			}, "tomcat-latency-warmup-" + name);
			worker.setDaemon(true);
			worker.start();
		};
		synchronized (this) {
			this.started.add(done);
			if (!this.began) {
				this.waiting.add(thread);
				return;
			}
		}
		thread.run();
	}

	/**
	 * Start the work handed over so far, and from now on each piece as it is handed over:
	 * called once the application context has been refreshed.
	 */
	public void begin() {
		List<Runnable> threads;
		synchronized (this) {
			this.began = true;
			threads = List.copyOf(this.waiting);
			this.waiting.clear();
		}
		threads.forEach(Runnable::run);
	}

	@Override
	public String name() {
		return "parallel";
	}

	@Override
	public void run() throws InterruptedException, ExecutionException, TimeoutException {
		CompletableFuture<?>[] pieces;
		synchronized (this) {
			pieces = this.started.toArray(CompletableFuture[]::new);
		}
		// Started here at the latest: the tasks request may come before the event that
		// begins the warm-up's parallel work (a user's runner sending requests).
		begin();
		CompletableFuture.allOf(pieces).get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

}
