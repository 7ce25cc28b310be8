package io.github.tomcatlatency.autoconfigure.warmup;

import io.github.tomcatlatency.warmup.internal.access.WarmupRequestMarker;
import io.github.tomcatlatency.warmup.internal.rollback.WarmupTransactionRollback;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.transaction.ConfigurableTransactionManager;
import org.springframework.transaction.support.ResourceTransactionManager;

/**
 * Adds a {@link WarmupTransactionRollback} to every transaction manager over a database,
 * the application's own included, so that transactions begun by warm-up requests, a
 * training run's among them, roll back. The one rollback the starter has.
 */
final class TransactionRollbackPostProcessor implements BeanPostProcessor {

	private final ObjectProvider<WarmupRequestMarker> marker;

	TransactionRollbackPostProcessor(ObjectProvider<WarmupRequestMarker> marker) {
		this.marker = marker;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (WarmupTransactionRollback.appliesTo(bean)) {
			((ConfigurableTransactionManager) bean)
				.addListener(new WarmupTransactionRollback(this.marker.getObject(), (ResourceTransactionManager) bean));
		}
		return bean;
	}

}
