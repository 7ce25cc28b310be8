package io.github.tomcatlatency.autoconfigure;

import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.ResourceTransactionManager;

/**
 * A transaction manager as a message broker's: it manages no database, accepts listeners
 * and counts the transactions asked of it. What the starter must leave alone.
 */
public class BrokerTransactionManager extends AbstractPlatformTransactionManager implements ResourceTransactionManager {

	private final AtomicInteger transactionsAsked = new AtomicInteger();

	private final Object connectionFactory = new Object();

	/**
	 * Return how many transactions were asked of it, whoever asked.
	 * @return the count
	 */
	public int transactionsAsked() {
		return this.transactionsAsked.get();
	}

	@Override
	public Object getResourceFactory() {
		return this.connectionFactory;
	}

	@Override
	protected Object doGetTransaction() {
		this.transactionsAsked.incrementAndGet();
		return new Object();
	}

	@Override
	protected void doBegin(Object transaction, TransactionDefinition definition) {
	}

	@Override
	protected void doCommit(DefaultTransactionStatus status) {
	}

	@Override
	protected void doRollback(DefaultTransactionStatus status) {
	}

}
