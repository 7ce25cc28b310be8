package io.github.tomcatlatency.warmup.internal.task.data;

import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.metamodel.EntityType;
import org.jspecify.annotations.Nullable;

import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.orm.jpa.EntityManagerFactoryUtils;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
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
 * manager, a Spring Data JPA repository of the starter's own (see
 * {@link RepositoryLookup}), or without one Hibernate alone, looks an entity up by an
 * identifier no generator hands out, and the transaction ends: read-only, it commits
 * whoever began it, as a warm-up request's does (see
 * {@link io.github.tomcatlatency.warmup.internal.rollback.WarmupTransactionRollback}),
 * and Hibernate flushes nothing in it. No application code runs, no row comes back,
 * nothing is written.
 * <p>
 * Nothing to do without a transaction interceptor (transactions woven by AspectJ) or with
 * several persistence units and none of them primary.
 */
public final class TransactionalLookupWarmup implements WarmupTask {

	private final ObjectProvider<TransactionInterceptor> interceptors;

	private final ObjectProvider<EntityManagerFactory> entityManagerFactories;

	private final ListableBeanFactory beanFactory;

	/**
	 * Create a task.
	 * @param interceptors the application's transaction interceptor
	 * @param entityManagerFactories the persistence unit whose entity is looked up
	 * @param beanFactory where the application's Spring Data repositories are, if any
	 */
	public TransactionalLookupWarmup(ObjectProvider<TransactionInterceptor> interceptors,
			ObjectProvider<EntityManagerFactory> entityManagerFactories, ListableBeanFactory beanFactory) {
		this.interceptors = interceptors;
		this.entityManagerFactories = entityManagerFactories;
		this.beanFactory = beanFactory;
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
		ProxyFactory proxyFactory = new ProxyFactory(new ReadOnlyLookup(factory, lookup(factory)));
		proxyFactory.addInterface(Runnable.class);
		proxyFactory.addAdvice(interceptor);
		((Runnable) proxyFactory.getProxy(TransactionalLookupWarmup.class.getClassLoader())).run();
	}

	/**
	 * Return the lookup the task runs in its transaction.
	 * @param factory the persistence unit
	 * @return the lookup, or {@code null} without an entity to look up
	 */
	@Nullable Runnable lookup(EntityManagerFactory factory) {
		if (JpaQueryWarmup.SPRING_DATA_JPA_PRESENT) {
			RepositoryLookup repositoryLookup = RepositoryLookup.create(this.beanFactory, factory);
			if (repositoryLookup != null) {
				return repositoryLookup;
			}
		}
		EntityType<?> entity = JpaQueryWarmup.firstEntity(factory);
		Object noSuchId = (entity != null) ? JpaQueryWarmup.noSuchId(entity.getIdType().getJavaType()) : null;
		if (entity == null || noSuchId == null) {
			return null;
		}
		EntityManager entityManager = SharedEntityManagerCreator.createSharedEntityManager(factory);
		return () -> entityManager.find(entity.getJavaType(), noSuchId);
	}

	/**
	 * The lookup, in the transaction the interceptor begins.
	 */
	private static final class ReadOnlyLookup implements Runnable {

		private final EntityManagerFactory factory;

		private final @Nullable Runnable lookup;

		ReadOnlyLookup(EntityManagerFactory factory, @Nullable Runnable lookup) {
			this.factory = factory;
			this.lookup = lookup;
		}

		@Override
		@Transactional(readOnly = true)
		public void run() {
			// None when the transaction manager is not the persistence unit's.
			if (this.lookup != null && EntityManagerFactoryUtils.getTransactionalEntityManager(this.factory) != null) {
				this.lookup.run();
			}
		}

	}

}
