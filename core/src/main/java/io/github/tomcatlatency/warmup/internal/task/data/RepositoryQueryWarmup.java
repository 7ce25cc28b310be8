package io.github.tomcatlatency.warmup.internal.task.data;

import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.github.tomcatlatency.warmup.internal.task.WarmupTask;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.BeanUtils;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.convert.ConversionService;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.repository.query.JpaParameters;
import org.springframework.data.jpa.repository.query.JpaParametersParameterAccessor;
import org.springframework.data.jpa.repository.query.JpaQueryMethod;
import org.springframework.data.jpa.repository.query.PartTreeJpaQuery;
import org.springframework.data.repository.core.support.QueryCreationListener;
import org.springframework.data.repository.query.Parameter;
import org.springframework.orm.jpa.EntityManagerHolder;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Prepares the derived queries of the application's Spring Data JPA repositories without
 * running them: for each query method such as {@code findByTitleContainingIgnoreCase},
 * Spring Data builds its JPQL, Hibernate parses it into its query plan cache and the
 * arguments are bound, which the method's first call otherwise pays for (and, the first
 * time any derived query is prepared, Spring Data's query builder classes are loaded).
 * Nothing is executed: no statement reaches the database and no repository method, hence
 * no application code, is called.
 * <p>
 * Spring Data creates the queries when it creates the repositories: it hands them to this
 * {@link QueryCreationListener}, which each repository factory is given before it builds
 * its repository. The arguments bound are placeholders of the parameters' types
 * ({@code ""} for text, {@code 0} for numbers, the first page unsorted), so the query
 * prepared is the one an unsorted call with non-null arguments uses; another sort builds
 * its own JPQL on its first call, with Spring Data's classes loaded.
 */
public final class RepositoryQueryWarmup implements WarmupTask, QueryCreationListener<PartTreeJpaQuery> {

	private static final Log logger = LogFactory.getLog(RepositoryQueryWarmup.class);

	private static final @Nullable Constructor<?> ACCESSOR_CONSTRUCTOR = accessorConstructor();

	private final Queue<PartTreeJpaQuery> queries = new ConcurrentLinkedQueue<>();

	private final ObjectProvider<EntityManagerFactory> entityManagerFactories;

	private final @Nullable Constructor<?> accessorConstructor;

	/**
	 * Create a task, saying at once in the task results, and so at INFO while the
	 * application starts, if it cannot run on this application's Spring Data JPA.
	 * @param entityManagerFactories the persistence units whose entity managers the
	 * queries are created by
	 * @param taskResults where the warm-up's tasks record what they did
	 */
	public RepositoryQueryWarmup(ObjectProvider<EntityManagerFactory> entityManagerFactories,
			WarmupTaskResults taskResults) {
		this(entityManagerFactories, taskResults, ACCESSOR_CONSTRUCTOR);
	}

	RepositoryQueryWarmup(ObjectProvider<EntityManagerFactory> entityManagerFactories, WarmupTaskResults taskResults,
			@Nullable Constructor<?> accessorConstructor) {
		this.entityManagerFactories = entityManagerFactories;
		this.accessorConstructor = accessorConstructor;
		if (accessorConstructor == null) {
			taskResults.record(name(), 0, unsupported());
		}
	}

	@Override
	public String name() {
		return "repository-queries";
	}

	@Override
	public void onCreation(PartTreeJpaQuery query) {
		this.queries.add(query);
	}

	@Override
	public void run() {
		Constructor<?> accessorConstructor = this.accessorConstructor;
		if (accessorConstructor == null) {
			throw unsupported();
		}
		if (this.queries.isEmpty()) {
			return;
		}
		List<RuntimeException> failures = new ArrayList<>();
		withEntityManagersBound(() -> this.queries.forEach((query) -> prepare(query, accessorConstructor, failures)));
		if (!failures.isEmpty()) {
			// Each is at DEBUG; the task's outcome counts them.
			throw new IllegalStateException(failures.size() + " of " + this.queries.size()
					+ " derived queries not prepared, the first: " + failures.get(0), failures.get(0));
		}
	}

	private static NoSuchMethodError unsupported() {
		return new NoSuchMethodError(
				"Spring Data JPA's JpaParametersParameterAccessor has no constructor taking the parameters and their values");
	}

	/**
	 * Run an action with an entity manager of each persistence unit bound to the thread,
	 * and none left bound after it, whatever failed: the thread is one of Tomcat's pooled
	 * request threads, and a real request on it would find one.
	 * @param action the action
	 */
	void withEntityManagersBound(Runnable action) {
		// Each query's shared entity manager uses the one bound to the thread, as in a
		// request with open-in-view: a query created without one would keep an entity
		// manager open until it is executed, which this one never is.
		Map<EntityManagerFactory, EntityManager> bound = new LinkedHashMap<>();
		try {
			this.entityManagerFactories.orderedStream().forEach((factory) -> {
				if (!TransactionSynchronizationManager.hasResource(factory)) {
					EntityManager entityManager = factory.createEntityManager();
					bound.put(factory, entityManager);
					TransactionSynchronizationManager.bindResource(factory, new EntityManagerHolder(entityManager));
				}
			});
			action.run();
		}
		finally {
			bound.keySet().forEach(TransactionSynchronizationManager::unbindResourceIfPossible);
			bound.values().forEach(EntityManager::close);
		}
	}

	private static void prepare(PartTreeJpaQuery query, Constructor<?> accessorConstructor,
			List<RuntimeException> failures) {
		JpaQueryMethod method = query.getQueryMethod();
		try {
			JpaParametersParameterAccessor arguments = accessor(accessorConstructor, method.getParameters());
			query.doCreateQuery(arguments);
			if (method.isPageQuery()) {
				query.doCreateCountQuery(arguments);
			}
		}
		catch (RuntimeException ex) {
			logger.debug("Derived query " + method + " not prepared", ex);
			failures.add(ex);
		}
	}

	private static JpaParametersParameterAccessor accessor(Constructor<?> constructor, JpaParameters parameters) {
		return (JpaParametersParameterAccessor) BeanUtils.instantiateClass(constructor, parameters,
				placeholders(parameters));
	}

	private static @Nullable Constructor<?> accessorConstructor() {
		// Spring Data JPA 3 declares the constructor with Parameters, 4 with
		// JpaParameters: the one compiled against would not link on the other.
		for (Constructor<?> constructor : JpaParametersParameterAccessor.class.getConstructors()) {
			Class<?>[] types = constructor.getParameterTypes();
			if (types.length == 2 && types[0].isAssignableFrom(JpaParameters.class) && types[1] == Object[].class) {
				return constructor;
			}
		}
		return null;
	}

	private static @Nullable Object[] placeholders(JpaParameters parameters) {
		List<@Nullable Object> values = new ArrayList<>();
		for (Parameter parameter : parameters) {
			values.add(placeholder(parameter.getType()));
		}
		return values.toArray();
	}

	private static @Nullable Object placeholder(Class<?> type) {
		ConversionService conversion = DefaultConversionService.getSharedInstance();
		if (type == String.class) {
			return "";
		}
		if (Pageable.class.isAssignableFrom(type)) {
			return Pageable.ofSize(1);
		}
		if (Sort.class.isAssignableFrom(type)) {
			return Sort.unsorted();
		}
		if (Collection.class.isAssignableFrom(type)) {
			return conversion.convert(List.of(), type);
		}
		if (type.isEnum()) {
			Object[] constants = type.getEnumConstants();
			return (constants.length > 0) ? constants[0] : null;
		}
		if (type.isPrimitive() || Number.class.isAssignableFrom(type) || type == Boolean.class) {
			return conversion.convert((type == boolean.class || type == Boolean.class) ? "false" : "0", type);
		}
		// An entity, a date or another value: the query for a null argument.
		return null;
	}

}
