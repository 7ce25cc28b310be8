package io.github.tomcatlatency.warmup;

import java.util.Comparator;
import java.util.List;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Path;
import jakarta.persistence.criteria.Root;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.SingularAttribute;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.orm.jpa.EntityManagerFactoryUtils;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Runs the JPA provider's query engine once per persistence unit, which the first query
 * of every data route otherwise pays for (parsing, translation to SQL, the first JDBC
 * statement): in a read-only transaction that is rolled back, a count and a criteria
 * query with a {@code like} predicate and an order, on the first entity of the metamodel.
 * The criteria query asks for rows whose identifier is null, so no entity is ever loaded
 * and no application code runs.
 */
public final class JpaQueryWarmup implements WarmupTask {

	private final ObjectProvider<EntityManagerFactory> entityManagerFactories;

	private final ObjectProvider<PlatformTransactionManager> transactionManagers;

	/**
	 * Create a task.
	 * @param entityManagerFactories the application's persistence units
	 * @param transactionManagers the application's transaction managers; the task runs
	 * only when one is unique
	 */
	public JpaQueryWarmup(ObjectProvider<EntityManagerFactory> entityManagerFactories,
			ObjectProvider<PlatformTransactionManager> transactionManagers) {
		this.entityManagerFactories = entityManagerFactories;
		this.transactionManagers = transactionManagers;
	}

	@Override
	public String name() {
		return "jpa";
	}

	@Override
	public void run() {
		PlatformTransactionManager transactionManager = this.transactionManagers.getIfUnique();
		if (transactionManager == null) {
			return;
		}
		TransactionTemplate transaction = new TransactionTemplate(transactionManager);
		transaction.setReadOnly(true);
		for (EntityManagerFactory entityManagerFactory : this.entityManagerFactories.orderedStream().toList()) {
			EntityType<?> entity = firstEntity(entityManagerFactory);
			if (entity != null) {
				transaction.executeWithoutResult((status) -> {
					status.setRollbackOnly();
					EntityManager entityManager = EntityManagerFactoryUtils
						.getTransactionalEntityManager(entityManagerFactory);
					if (entityManager != null) {
						query(entityManager, entity);
					}
				});
			}
		}
	}

	private static @Nullable EntityType<?> firstEntity(EntityManagerFactory entityManagerFactory) {
		return entityManagerFactory.getMetamodel()
			.getEntities()
			.stream()
			.filter((entity) -> entity.hasSingleIdAttribute())
			.min(Comparator.comparing(EntityType::getName))
			.orElse(null);
	}

	private static <T> void query(EntityManager entityManager, EntityType<T> entity) {
		entityManager.createQuery("select count(e) from " + entity.getName() + " e", Long.class).getSingleResult();
		CriteriaBuilder builder = entityManager.getCriteriaBuilder();
		CriteriaQuery<T> query = builder.createQuery(entity.getJavaType());
		Root<T> root = query.from(entity);
		List<SingularAttribute<? super T, ?>> attributes = List.copyOf(entity.getSingularAttributes());
		Path<?> id = attributes.stream()
			.filter(SingularAttribute::isId)
			.findFirst()
			.map((attribute) -> root.get(attribute))
			.orElseThrow();
		List<SingularAttribute<? super T, ?>> strings = attributes.stream()
			.filter((attribute) -> attribute.getJavaType() == String.class)
			.sorted(Comparator.comparing(SingularAttribute::getName))
			.toList();
		if (strings.isEmpty()) {
			query.where(builder.isNull(id));
		}
		else {
			@SuppressWarnings("unchecked")
			Path<String> text = root.get((SingularAttribute<? super T, String>) strings.get(0));
			query.where(builder.isNull(id), builder.like(builder.upper(text), "%WARM-UP%"));
		}
		query.orderBy(builder.asc(id));
		entityManager.createQuery(query).setMaxResults(1).getResultList();
	}

}
