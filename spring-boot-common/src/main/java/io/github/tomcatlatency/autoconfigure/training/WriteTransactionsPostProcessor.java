package io.github.tomcatlatency.autoconfigure.training;

import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.replay.WriteTransactionObserver;
import io.github.tomcatlatency.warmup.internal.replay.WriteTransactions;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.transaction.ConfigurableTransactionManager;
import org.springframework.transaction.TransactionManager;

/**
 * In a training run, has every transaction manager, imperative or reactive and whatever
 * it manages, tell {@link WriteTransactions} of the warm-up requests that begin a
 * transaction which could write, so that none of them is recorded to be sent again. A
 * transaction manager that takes no listener, or refuses one, is noted instead: then no
 * request is recorded. It adds a listener and changes nothing else; only the rollback
 * touches a transaction, and only a database's.
 */
final class WriteTransactionsPostProcessor implements BeanPostProcessor {

	private final ObjectProvider<WarmupRequestMarker> marker;

	private final ObjectProvider<WriteTransactions> writes;

	WriteTransactionsPostProcessor(ObjectProvider<WarmupRequestMarker> marker,
			ObjectProvider<WriteTransactions> writes) {
		this.marker = marker;
		this.writes = writes;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (!(bean instanceof TransactionManager)) {
			return bean;
		}
		String name = "'" + beanName + "' (" + bean.getClass().getName() + ")";
		WriteTransactions writeTransactions = this.writes.getObject();
		if (!(bean instanceof ConfigurableTransactionManager configurable)) {
			writeTransactions.unobserved(name + ", which takes no listener");
			return bean;
		}
		try {
			configurable.addListener(new WriteTransactionObserver(this.marker.getObject(), writeTransactions, name));
		}
		catch (RuntimeException ex) {
			writeTransactions.unobserved(name + ", which refused a listener (" + ex + ")");
		}
		return bean;
	}

}
