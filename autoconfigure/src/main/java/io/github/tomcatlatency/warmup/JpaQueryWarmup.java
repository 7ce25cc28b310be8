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
 * statement): in a read-only transaction that is rolled back, a JPQL query and a criteria
 * query with a {@code like} predicate and an order, on the first entity of the metamodel.
 * Both ask for rows whose identifier is null: the database answers from the primary key
 * without scanning the table, no entity is ever loaded and no application code runs.
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

	private static <T> SingularAttribute<? super T, ?> id(EntityType<T> entity) {
		return entity.getSingularAttributes().stream().filter(SingularAttribute::isId).findFirst().orElseThrow();
	}

	private static <T> void query(EntityManager entityManager, EntityType<T> entity) {
		entityManager
			.createQuery("select e from " + entity.getName() + " e where e." + id(entity).getName() + " is null",
					entity.getJavaType())
			.setMaxResults(1)
			.getResultList();
		CriteriaBuilder builder = entityManager.getCriteriaBuilder();
		CriteriaQuery<T> query = builder.createQuery(entity.getJavaType());
		Root<T> root = query.from(entity);
		Path<?> id = root.get(id(entity));
		List<SingularAttribute<? super T, ?>> strings = entity.getSingularAttributes()
			.stream()
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
