package io.github.tomcatlatency.warmup.internal;

import org.jspecify.annotations.Nullable;

import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Marks every transaction that a request of the running warm-up begins rollback-only, so
 * that whatever a warmed route writes in a transaction is rolled back. Once the warm-up
 * has ended, the token rolls nothing back. A listener of the transaction managers: it
 * runs when a transaction begins, never on the request path.
 */
public final class WarmupTransactionRollback implements TransactionExecutionListener {

	private final WarmupRequestMarker marker;

	/**
	 * Create a listener.
	 * @param marker tells warm-up requests apart
	 */
	public WarmupTransactionRollback(WarmupRequestMarker marker) {
		this.marker = marker;
	}

	@Override
	public void afterBegin(TransactionExecution transaction, @Nullable Throwable beginFailure) {
		if (beginFailure == null && servesWarmupRequest()) {
			transaction.setRollbackOnly();
		}
	}

	private boolean servesWarmupRequest() {
		RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
		return attributes instanceof ServletRequestAttributes servletAttributes
				&& this.marker.isRunningWarmupRequest(servletAttributes.getRequest());
	}

}
