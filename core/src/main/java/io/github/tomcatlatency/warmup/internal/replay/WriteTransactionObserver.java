package io.github.tomcatlatency.warmup.internal.replay;

import java.util.concurrent.atomic.AtomicBoolean;

import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;

/**
 * Tells {@link WriteTransactions} of each warm-up request that begins a transaction which
 * could write, on any transaction manager that takes listeners (a database's, JTA's,
 * MongoDB's, Neo4j's, a message broker's, a reactive one's): every transaction but one
 * whose definition is read-only. It sees what begins on the request's own thread: work
 * handed to another thread ({@code @Async}, a message listener, a reactive pipeline
 * subscribed elsewhere) is not seen. It changes nothing of the transaction, and a
 * transaction manager that fails when asked whether its transaction is read-only has the
 * request counted as one that could write, said once in a warning.
 */
public final class WriteTransactionObserver implements TransactionExecutionListener {

	private static final Log logger = LogFactory.getLog(WriteTransactionObserver.class);

	private final WarmupRequestMarker marker;

	private final WriteTransactions writes;

	private final String transactionManager;

	private final AtomicBoolean warned = new AtomicBoolean();

	/**
	 * Create a listener of one transaction manager.
	 * @param marker tells warm-up requests apart
	 * @param writes told of each warm-up request that begins a transaction which could
	 * write
	 * @param transactionManager the transaction manager's bean name and class, for the
	 * warning
	 */
	public WriteTransactionObserver(WarmupRequestMarker marker, WriteTransactions writes, String transactionManager) {
		this.marker = marker;
		this.writes = writes;
		this.transactionManager = transactionManager;
	}

	@Override
	public void afterBegin(TransactionExecution transaction, @Nullable Throwable beginFailure) {
		if (beginFailure != null) {
			return;
		}
		HttpServletRequest request = this.marker.currentWarmupRequest();
		if (request != null && !readOnly(transaction)) {
			this.writes.add(request);
		}
	}

	private boolean readOnly(TransactionExecution transaction) {
		try {
			return transaction.isReadOnly();
		}
		catch (RuntimeException | LinkageError ex) {
			// The application's transaction goes on as without the starter; its request
			// is left out of the training's record.
			if (this.warned.compareAndSet(false, true)) {
				logger.warn("tomcat-latency: transaction manager " + this.transactionManager
						+ " failed when asked whether its transaction is read-only (" + ex
						+ "); the training run leaves each request whose transaction cannot say so out of what it "
						+ "records for tomcat-latency.warmup.replay-training");
			}
			return false;
		}
	}

}
