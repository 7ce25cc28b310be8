package io.github.tomcatlatency.warmup.internal.rollback;

import javax.sql.DataSource;

import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import org.jspecify.annotations.Nullable;

import org.springframework.transaction.ConfigurableTransactionManager;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;
import org.springframework.transaction.support.ResourceTransactionManager;
import org.springframework.util.ClassUtils;

/**
 * Marks every transaction that a warm-up request begins rollback-only, so that whatever a
 * warmed route writes in a transaction is rolled back: the warm-up's and a training run's
 * alike, transactions begun with {@code REQUIRES_NEW} included, and those of a request
 * that the server finishes after the warm-up has ended. A request that carries the token
 * once the warm-up has ended rolls nothing back. A listener of the transaction managers
 * over a database ({@link #appliesTo}): it runs when a transaction begins, never on the
 * request path, and it begins no transaction of its own.
 * <p>
 * A read-only transaction of a JPA transaction manager is the one left to commit: JPA's
 * rollback clears the {@code EntityManager} that open-in-view binds to the whole request,
 * so the lazy loading that follows a Spring Data read in the same request would fail and
 * the route would answer 500 to the warm-up alone. Hibernate flushes nothing in a
 * read-only transaction, and Spring runs it on a read-only connection.
 */
public final class WarmupTransactionRollback implements TransactionExecutionListener {

	private static final @Nullable Class<?> ENTITY_MANAGER_FACTORY = resolve(
			"jakarta.persistence.EntityManagerFactory");

	private final WarmupRequestMarker marker;

	private final boolean readOnlyCommits;

	/**
	 * Create a listener.
	 * @param marker tells warm-up requests apart
	 * @param transactionManager the transaction manager it listens to, one it
	 * {@link #appliesTo}
	 */
	public WarmupTransactionRollback(WarmupRequestMarker marker, ResourceTransactionManager transactionManager) {
		this.marker = marker;
		this.readOnlyCommits = isEntityManagerFactory(transactionManager.getResourceFactory());
	}

	/**
	 * Return whether a transaction manager gets the listener: one that accepts listeners
	 * and manages the transactions of a {@link DataSource} or of a JPA
	 * {@code EntityManagerFactory}. Others, a message broker's among them, are left as
	 * they are: the warm-up neither touches nor rolls back what goes through them.
	 * @param transactionManager the bean
	 * @return {@code true} for a transaction manager over a database
	 */
	public static boolean appliesTo(Object transactionManager) {
		if (!(transactionManager instanceof ConfigurableTransactionManager)
				|| !(transactionManager instanceof ResourceTransactionManager resourceTransactionManager)) {
			return false;
		}
		Object resourceFactory;
		try {
			resourceFactory = resourceTransactionManager.getResourceFactory();
		}
		catch (RuntimeException ex) {
			// Not set up: it manages nothing the warm-up could write to.
			return false;
		}
		return resourceFactory instanceof DataSource || isEntityManagerFactory(resourceFactory);
	}

	private static boolean isEntityManagerFactory(Object resourceFactory) {
		return ENTITY_MANAGER_FACTORY != null && ENTITY_MANAGER_FACTORY.isInstance(resourceFactory);
	}

	private static @Nullable Class<?> resolve(String className) {
		// By name: JPA is optional.
		ClassLoader classLoader = WarmupTransactionRollback.class.getClassLoader();
		return ClassUtils.isPresent(className, classLoader) ? ClassUtils.resolveClassName(className, classLoader)
				: null;
	}

	@Override
	public void afterBegin(TransactionExecution transaction, @Nullable Throwable beginFailure) {
		// A warm-up request first: the application's own transactions are never asked
		// anything.
		if (beginFailure == null && this.marker.currentWarmupRequest() != null && !commits(transaction)) {
			transaction.setRollbackOnly();
		}
	}

	private boolean commits(TransactionExecution transaction) {
		try {
			return this.readOnlyCommits && transaction.isReadOnly();
		}
		catch (RuntimeException ex) {
			// It cannot say: rolled back, the side that writes nothing.
			return false;
		}
	}

}
