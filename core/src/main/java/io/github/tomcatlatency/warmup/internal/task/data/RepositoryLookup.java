package io.github.tomcatlatency.warmup.internal.task.data;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.metamodel.EntityType;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.data.jpa.repository.support.JpaRepositoryFactory;
import org.springframework.data.repository.CrudRepository;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.support.RepositoryFactoryInformation;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.QueryLookupStrategy.Key;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.ValueExpressionDelegate;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.util.ReflectionUtils;

/**
 * Finds no row by identifier through a Spring Data JPA repository of the starter's own,
 * which Spring Data's {@link JpaRepositoryFactory} builds from one of the application's
 * repository interfaces: the way an application repository's {@code findById} takes (the
 * repository proxy, its fragments, the crud method metadata and query hints,
 * {@code SimpleJpaRepository}) without the application's repository bean, so that no
 * repository invocation listener (Boot's repository metrics) and no aspect of the
 * application runs.
 * <p>
 * The interface chosen is a {@link CrudRepository} of an entity of the persistence unit
 * with no custom implementation, no query of its own for {@code findById}, and the fewest
 * query methods. Their queries are not created again (nothing of the application's, such
 * as a query rewriter, is called, and building the repository takes a few milliseconds):
 * the repository's query methods are never called. That rests on a method of Spring
 * Data's that the starter's factory overrides: where the running Spring Data has no such
 * method, no repository is built and the task says it cannot run on that version.
 */
final class RepositoryLookup implements Runnable {

	private static final Log logger = LogFactory.getLog(RepositoryLookup.class);

	private final CrudRepository<?, Object> repository;

	private final Object noSuchId;

	private RepositoryLookup(CrudRepository<?, Object> repository, Object noSuchId) {
		this.repository = repository;
		this.noSuchId = noSuchId;
	}

	/**
	 * Build the lookup for the application's repository interface that is cheapest to
	 * build.
	 * @param beanFactory where the application's repositories are
	 * @param entityManagerFactory the persistence unit looked up in
	 * @return the lookup, or {@code null} without a repository interface to build it from
	 * @throws NoSuchMethodError if the running Spring Data has no method for the factory
	 * to override that keeps it from creating the interface's queries
	 */
	static @Nullable RepositoryLookup create(ListableBeanFactory beanFactory,
			EntityManagerFactory entityManagerFactory) {
		requireOverride(FindOnlyRepositoryFactory.class, "getQueryLookupStrategy", Key.class,
				ValueExpressionDelegate.class);
		try {
			RepositoryInformation cheapest = cheapestInterface(beanFactory, entityManagerFactory);
			Object noSuchId = (cheapest != null) ? JpaQueryWarmup.noSuchId(cheapest.getIdType()) : null;
			if (cheapest == null || noSuchId == null) {
				return null;
			}
			JpaRepositoryFactory factory = new FindOnlyRepositoryFactory(
					SharedEntityManagerCreator.createSharedEntityManager(entityManagerFactory));
			factory.setBeanClassLoader(cheapest.getRepositoryInterface().getClassLoader());
			@SuppressWarnings("unchecked")
			CrudRepository<?, Object> repository = (CrudRepository<?, Object>) factory
				.getRepository(cheapest.getRepositoryInterface());
			return new RepositoryLookup(repository, noSuchId);
		}
		catch (RuntimeException ex) {
			// The task looks up with Hibernate alone.
			logger.debug("No repository built to look up an entity with", ex);
			return null;
		}
	}

	/**
	 * Fail unless a method a class declares overrides one of its superclass's: should a
	 * Spring Data release change the overridden method's signature, the compiled override
	 * would override nothing, and Spring Data's own lookup strategy would create every
	 * query of the interface.
	 * @param type the class that declares the method
	 * @param name the method's name
	 * @param parameterTypes its parameter types
	 * @throws NoSuchMethodError if it overrides nothing in the running libraries
	 */
	static void requireOverride(Class<?> type, String name, Class<?>... parameterTypes) {
		Method overriding = ReflectionUtils.findMethod(type, name, parameterTypes);
		Method overridden = (type.getSuperclass() != null)
				? ReflectionUtils.findMethod(type.getSuperclass(), name, parameterTypes) : null;
		if (overriding == null || overriding.getDeclaringClass() != type || overridden == null
				|| overridden.getReturnType() != overriding.getReturnType()
				|| (overridden.getModifiers() & (Modifier.PRIVATE | Modifier.FINAL | Modifier.STATIC)) != 0) {
			throw new NoSuchMethodError(type.getSuperclass() + "." + name + Arrays.toString(parameterTypes)
					+ " is not there to override: no repository of the starter's own is built");
		}
	}

	private static @Nullable RepositoryInformation cheapestInterface(ListableBeanFactory beanFactory,
			EntityManagerFactory entityManagerFactory) {
		Set<Class<?>> entities = entityManagerFactory.getMetamodel()
			.getEntities()
			.stream()
			.map(EntityType::getJavaType)
			.collect(Collectors.toSet());
		return beanFactory.getBeansOfType(RepositoryFactoryInformation.class, false, false)
			.values()
			.stream()
			.<RepositoryFactoryInformation<?, ?>>map((repository) -> repository)
			.filter((repository) -> buildable(repository.getRepositoryInformation(), entities))
			.min(Comparator.comparingInt((repository) -> repository.getQueryMethods().size()))
			.map(RepositoryFactoryInformation::getRepositoryInformation)
			.orElse(null);
	}

	static boolean buildable(RepositoryInformation information, Set<Class<?>> entities) {
		return CrudRepository.class.isAssignableFrom(information.getRepositoryInterface())
				&& entities.contains(information.getDomainType()) && !information.hasCustomMethod()
				&& !declaresFindByIdQuery(information) && JpaQueryWarmup.noSuchId(information.getIdType()) != null;
	}

	private static boolean declaresFindByIdQuery(RepositoryInformation information) {
		// Such a findById has no query in the starter's repository.
		return Arrays.stream(information.getRepositoryInterface().getMethods())
			.anyMatch((method) -> method.getName().equals("findById") && information.isQueryMethod(method));
	}

	/**
	 * Return the repository looked up with.
	 * @return the repository
	 */
	CrudRepository<?, Object> repository() {
		return this.repository;
	}

	@Override
	public void run() {
		this.repository.findById(this.noSuchId);
	}

	/**
	 * Builds repositories whose query methods have no query: it is created only to look
	 * up by identifier.
	 */
	private static final class FindOnlyRepositoryFactory extends JpaRepositoryFactory {

		FindOnlyRepositoryFactory(EntityManager entityManager) {
			super(entityManager);
		}

		@Override
		protected Optional<QueryLookupStrategy> getQueryLookupStrategy(@Nullable Key key,
				ValueExpressionDelegate valueExpressionDelegate) {
			return Optional.of((method, metadata, projections,
					namedQueries) -> new NoQuery(new QueryMethod(method, metadata, projections)));
		}

	}

	/**
	 * A query method's place in a repository that is never called.
	 */
	private record NoQuery(QueryMethod queryMethod) implements RepositoryQuery {

		@Override
		public QueryMethod getQueryMethod() {
			return this.queryMethod;
		}

		@Override
		public Object execute(Object[] parameters) {
			throw new UnsupportedOperationException("Query methods of a warm-up repository are not called");
		}

	}

}
