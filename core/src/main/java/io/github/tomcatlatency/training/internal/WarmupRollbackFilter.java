package io.github.tomcatlatency.training.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.github.tomcatlatency.warmup.internal.WarmupRequestMarker;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Runs each warm-up request in a transaction of every transaction manager and rolls them
 * back, so that a route that writes through them leaves nothing behind. The application's
 * transactions join these; those it starts with {@code REQUIRES_NEW} and writes that
 * bypass the transaction managers are not covered. Other requests pass untouched.
 */
public final class WarmupRollbackFilter extends OncePerRequestFilter {

	private final WarmupRequestMarker marker;

	private final Supplier<List<PlatformTransactionManager>> transactionManagers;

	/**
	 * Create a filter.
	 * @param marker tells warm-up requests apart
	 * @param transactionManagers the application's transaction managers, asked per
	 * warm-up request
	 */
	public WarmupRollbackFilter(WarmupRequestMarker marker,
			Supplier<List<PlatformTransactionManager>> transactionManagers) {
		this.marker = marker;
		this.transactionManagers = transactionManagers;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (!this.marker.carriesToken(request)) {
			chain.doFilter(request, response);
			return;
		}
		List<PlatformTransactionManager> managers = this.transactionManagers.get();
		List<TransactionStatus> transactions = new ArrayList<>(managers.size());
		try {
			for (PlatformTransactionManager manager : managers) {
				transactions.add(manager.getTransaction(TransactionDefinition.withDefaults()));
			}
			chain.doFilter(request, response);
		}
		finally {
			// Innermost first, as transactions of several managers nest.
			for (int i = transactions.size() - 1; i >= 0; i--) {
				managers.get(i).rollback(transactions.get(i));
			}
		}
	}

}
