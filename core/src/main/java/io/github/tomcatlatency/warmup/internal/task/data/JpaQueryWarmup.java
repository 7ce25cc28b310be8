package io.github.tomcatlatency.warmup.internal.task.data;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.github.tomcatlatency.warmup.internal.task.ParallelWarmup;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityTransaction;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.ParameterExpression;
import jakarta.persistence.criteria.Path;
import jakarta.persistence.criteria.Root;
import jakarta.persistence.metamodel.EntityType;
import jakarta.persistence.metamodel.SingularAttribute;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;

/**
 * Runs a JPA persistence unit's query engine once, which the first query of every data
 * route otherwise pays for (parsing, translation to SQL, the first JDBC statement): in a
 * transaction of its own that is rolled back, on the first entity of the metamodel, JPQL
 * queries in the shapes Spring Data's repositories send (a count, a derived query with
 * {@code upper}, {@code like}, {@code or} and an order) and the derived query's shape as
 * a criteria query. The parser is cold until it has seen those shapes: it is most of a
 * data route's first request. Spring Data JPA 3 builds its derived queries with the
 * criteria API, which Hibernate does not parse: with it, the derived query's JPQL is left
 * out, as the application never sends it and parsing it would only give the JIT work when
 * traffic arrives. Every query that runs asks for rows whose identifier is null: the
 * database answers from the primary key without scanning the table, no entity is ever
 * loaded and no application code runs. Then each entity is looked up by an identifier no
 * generator hands out ({@code Long.MIN_VALUE}, a random UUID, ...): Hibernate builds the
 * entity's loader and runs the load path a repository's {@code findById} takes, and the
 * database answers from the primary key with no row.
 * <p>
 * It needs only the persistence unit, so it can run while the application still starts,
 * see {@link ParallelWarmup}. A persistence unit without resource-local transactions
 * (JTA) is left alone.
 */
public final class JpaQueryWarmup implements Runnable {

	private static final Log logger = LogFactory.getLog(JpaQueryWarmup.class);

	/**
	 * How many entities are looked up at most: each builds its loader, about a
	 * millisecond of CPU before readiness.
	 */
	private static final int MAX_ENTITIES_FOUND = 100;

	/**
	 * Whether Spring Data JPA is on the class path.
	 */
	static final boolean SPRING_DATA_JPA_PRESENT = ClassUtils.isPresent(
			"org.springframework.data.jpa.repository.support.JpaRepositoryFactory",
			JpaQueryWarmup.class.getClassLoader());

	/**
	 * Whether the JPQL in a derived query's shape is worth parsing: Spring Data JPA 4
	 * renders derived queries as JPQL with this builder, 3 builds criteria queries; an
	 * application without Spring Data JPA writes its own JPQL.
	 */
	private static final boolean DERIVED_QUERIES_AS_JPQL = !SPRING_DATA_JPA_PRESENT || ClassUtils.isPresent(
			"org.springframework.data.jpa.repository.query.JpqlQueryBuilder", JpaQueryWarmup.class.getClassLoader());

	private final EntityManagerFactory entityManagerFactory;

	/**
	 * Create the warm-up of a persistence unit.
	 * @param entityManagerFactory the persistence unit
	 */
	public JpaQueryWarmup(EntityManagerFactory entityManagerFactory) {
		this.entityManagerFactory = entityManagerFactory;
	}

	@Override
	public void run() {
		EntityType<?> entity = firstEntity(this.entityManagerFactory);
		if (entity == null) {
			return;
		}
		EntityManager entityManager = this.entityManagerFactory.createEntityManager();
		try {
			EntityTransaction transaction = entityManager.getTransaction();
			transaction.begin();
			try {
				query(entityManager, entity);
				findEach(entityManager, this.entityManagerFactory.getMetamodel().getEntities());
			}
			finally {
				transaction.rollback();
			}
		}
		finally {
			entityManager.close();
		}
	}

	static @Nullable EntityType<?> firstEntity(EntityManagerFactory entityManagerFactory) {
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
		SingularAttribute<? super T, ?> id = id(entity);
		SingularAttribute<? super T, ?> text = firstText(entity).orElse(null);
		String select = "select x from " + entity.getName() + " x where ";
		String noRow = "x." + id.getName() + " is null";
		entityManager.createQuery(select + noRow, entity.getJavaType()).setMaxResults(1).getResultList();
		// The count query of Spring Data's CrudRepository.count(), character for
		// character: parsed here but not run (it would count the table), so that the
		// repository's first count finds it in Hibernate's query cache.
		entityManager.createQuery("select count(*) from " + entity.getName() + " x", Long.class);
		entityManager.createQuery("select count(*) from " + entity.getName() + " x where " + noRow, Long.class)
			.getSingleResult();
		if (text != null && DERIVED_QUERIES_AS_JPQL) {
			// The shape of a derived query such as findByNameContainingIgnoreCase: the
			// HQL parser learns the functions, predicates and ordering that repository
			// queries share.
			String like = "upper(x." + text.getName() + ") like upper(?%d) escape '\\'";
			entityManager
				.createQuery(
						select + "(" + like.formatted(1) + " or " + like.formatted(2) + ") and " + noRow
								+ " order by x." + text.getName() + " asc, x." + id.getName() + " desc",
						entity.getJavaType())
				.setParameter(1, "%WARM-UP%")
				.setParameter(2, "WARM-UP%")
				.setMaxResults(1)
				.getResultList();
		}
		CriteriaBuilder builder = entityManager.getCriteriaBuilder();
		CriteriaQuery<T> query = builder.createQuery(entity.getJavaType());
		Root<T> root = query.from(entity);
		Path<?> idPath = root.get(id);
		if (text == null) {
			query.where(builder.isNull(idPath)).orderBy(builder.asc(idPath));
			entityManager.createQuery(query).setMaxResults(1).getResultList();
			return;
		}
		// The same shape built as Spring Data JPA 3 builds a derived query: a parameter,
		// upper, like with an escape character, and an order.
		@SuppressWarnings("unchecked")
		Path<String> textPath = root.get((SingularAttribute<? super T, String>) text);
		ParameterExpression<String> pattern = builder.parameter(String.class);
		query.where(builder.isNull(idPath), builder.like(builder.upper(textPath), builder.upper(pattern), '\\'))
			.orderBy(builder.asc(textPath), builder.desc(idPath));
		entityManager.createQuery(query).setParameter(pattern, "%WARM-UP%").setMaxResults(1).getResultList();
	}

	private static void findEach(EntityManager entityManager, Set<EntityType<?>> entities) {
		List<EntityType<?>> sorted = entities.stream()
			.filter(EntityType::hasSingleIdAttribute)
			.sorted(Comparator.comparing(EntityType::getName))
			.limit(MAX_ENTITIES_FOUND)
			.toList();
		for (EntityType<?> entity : sorted) {
			Object noSuchId = noSuchId(entity.getIdType().getJavaType());
			if (noSuchId == null) {
				continue;
			}
			try {
				entityManager.find(entity.getJavaType(), noSuchId);
			}
			catch (RuntimeException ex) {
				// A database may end the transaction at its first error: the rest would
				// fail the same way.
				logger.debug("Stopped looking up entities by identifier at " + entity.getName() + ": " + ex);
				return;
			}
		}
	}

	/**
	 * Return an identifier that no generator hands out: the lowest number, a random UUID.
	 * @param type the identifier's type
	 * @return the identifier, or {@code null} for a type without one
	 */
	static @Nullable Object noSuchId(Class<?> type) {
		if (type == Long.class || type == long.class) {
			return Long.MIN_VALUE;
		}
		if (type == Integer.class || type == int.class) {
			return Integer.MIN_VALUE;
		}
		if (type == UUID.class) {
			return UUID.randomUUID();
		}
		if (type == String.class) {
			return "tomcat-latency-warmup-" + UUID.randomUUID();
		}
		return null;
	}

	private static <T> Optional<SingularAttribute<? super T, ?>> firstText(EntityType<T> entity) {
		return entity.getSingularAttributes()
			.stream()
			.filter((attribute) -> attribute.getJavaType() == String.class)
			.min(Comparator.comparing(SingularAttribute::getName));
	}

}
