package io.github.tomcatlatency.warmup.internal;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.metamodel.EntityType;
import org.jspecify.annotations.Nullable;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.orm.jpa.EntityManagerFactoryUtils;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.TransactionInterceptor;

/**
 * Runs the way every Spring Data JPA repository read takes through Spring's transaction
 * infrastructure ({@code SimpleJpaRepository} is
 * {@code @Transactional(readOnly = true)}), which a data route's first request otherwise
 * pays for: the application's own {@link TransactionInterceptor} around a lookup of the
 * starter's, in a read-only transaction of the application's transaction manager. The
 * interceptor resolves the transaction attribute and the transaction manager, JPA's
 * transaction manager begins a transaction on a pooled connection and binds its entity
 * manager, Hibernate looks the first entity up by an identifier no generator hands out,
 * and the transaction ends. No application code runs, no row comes back, nothing is
 * written (as a warm-up request's, the transaction is rolled back).
 * <p>
 * Nothing to do without a transaction interceptor (transactions woven by AspectJ) or with
 * several persistence units and none of them primary.
 */
public final class TransactionalLookupWarmup implements WarmupTask {

	private final ObjectProvider<TransactionInterceptor> interceptors;

	private final ObjectProvider<EntityManagerFactory> entityManagerFactories;

	/**
	 * Create a task.
	 * @param interceptors the application's transaction interceptor
	 * @param entityManagerFactories the persistence unit whose entity is looked up
	 */
	public TransactionalLookupWarmup(ObjectProvider<TransactionInterceptor> interceptors,
			ObjectProvider<EntityManagerFactory> entityManagerFactories) {
		this.interceptors = interceptors;
		this.entityManagerFactories = entityManagerFactories;
	}

	@Override
	public String name() {
		return "transactional-lookup";
	}

	@Override
	public void run() {
		TransactionInterceptor interceptor = this.interceptors.getIfUnique();
		EntityManagerFactory factory = this.entityManagerFactories.getIfUnique();
		if (interceptor == null || factory == null) {
			return;
		}
		EntityType<?> entity = JpaQueryWarmup.firstEntity(factory);
		Class<?> type = null;
		Object noSuchId = null;
		if (entity != null) {
			type = entity.getJavaType();
			noSuchId = JpaQueryWarmup.noSuchId(entity.getIdType().getJavaType());
		}
		ProxyFactory proxyFactory = new ProxyFactory(new ReadOnlyLookup(factory, type, noSuchId));
		proxyFactory.addInterface(Runnable.class);
		proxyFactory.addAdvice(interceptor);
		((Runnable) proxyFactory.getProxy(TransactionalLookupWarmup.class.getClassLoader())).run();
	}

	/**
	 * The lookup, in the transaction the interceptor begins.
	 */
	private static final class ReadOnlyLookup implements Runnable {

		private final EntityManagerFactory factory;

		private final @Nullable Class<?> entity;

		private final @Nullable Object noSuchId;

		ReadOnlyLookup(EntityManagerFactory factory, @Nullable Class<?> entity, @Nullable Object noSuchId) {
			this.factory = factory;
			this.entity = entity;
			this.noSuchId = noSuchId;
		}

		@Override
		@Transactional(readOnly = true)
		public void run() {
			// Null when the transaction manager is not the persistence unit's.
			EntityManager entityManager = EntityManagerFactoryUtils.getTransactionalEntityManager(this.factory);
			if (entityManager != null && this.entity != null && this.noSuchId != null) {
				entityManager.find(this.entity, this.noSuchId);
			}
		}

	}

}
