package io.github.tomcatlatency.warmup.internal.task.data;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.github.tomcatlatency.warmup.WarmupResult.TaskOutcome;
import io.github.tomcatlatency.warmup.internal.task.WarmupTaskResults;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link RepositoryQueryWarmup}'s entity managers: bound to the request thread
 * while the queries are prepared, none left bound or open after, whatever failed. The
 * persistence units are stand-ins that only create and close entity managers.
 */
class RepositoryQueryWarmupTests {

	private final List<String> closed = new ArrayList<>();

	@AfterEach
	void unbindAll() {
		TransactionSynchronizationManager.getResourceMap()
			.keySet()
			.forEach(TransactionSynchronizationManager::unbindResource);
	}

	@Test
	void eachPersistenceUnitHasAnEntityManagerBoundWhileTheActionRunsAndNoneAfter() {
		EntityManagerFactory orders = factory("orders", false);
		EntityManagerFactory customers = factory("customers", false);
		List<Boolean> boundDuring = new ArrayList<>();
		warmup(orders, customers).withEntityManagersBound(() -> {
			boundDuring.add(TransactionSynchronizationManager.hasResource(orders));
			boundDuring.add(TransactionSynchronizationManager.hasResource(customers));
		});
		assertThat(boundDuring).containsExactly(true, true);
		assertThat(TransactionSynchronizationManager.getResourceMap()).isEmpty();
		assertThat(this.closed).containsExactly("orders", "customers");
	}

	@Test
	void aSecondPersistenceUnitThatFailsLeavesTheFirstsEntityManagerNeitherBoundNorOpen() {
		EntityManagerFactory orders = factory("orders", false);
		EntityManagerFactory broken = factory("broken", true);
		assertThatExceptionOfType(PersistenceException.class)
			.isThrownBy(() -> warmup(orders, broken).withEntityManagersBound(() -> {
			}));
		assertThat(TransactionSynchronizationManager.getResourceMap()).isEmpty();
		assertThat(this.closed).containsExactly("orders");
	}

	@Test
	void aSpringDataJpaItCannotRunOnIsSaidWhenTheTaskIsCreatedAndAgainByEachRun() {
		WarmupTaskResults results = new WarmupTaskResults();
		RepositoryQueryWarmup warmup = new RepositoryQueryWarmup(
				new StaticListableBeanFactory().getBeanProvider(EntityManagerFactory.class), results, null);
		assertThat(results.results()).singleElement().satisfies((result) -> {
			assertThat(result.name()).isEqualTo("repository-queries");
			assertThat(result.outcome()).isEqualTo(TaskOutcome.UNSUPPORTED);
			assertThat(result.reason()).contains("JpaParametersParameterAccessor");
		});
		assertThatExceptionOfType(NoSuchMethodError.class).isThrownBy(warmup::run);
	}

	private RepositoryQueryWarmup warmup(EntityManagerFactory... factories) {
		Map<String, Object> beans = new LinkedHashMap<>();
		for (int i = 0; i < factories.length; i++) {
			beans.put("factory" + i, factories[i]);
		}
		return new RepositoryQueryWarmup(
				new StaticListableBeanFactory(beans).getBeanProvider(EntityManagerFactory.class),
				new WarmupTaskResults());
	}

	private EntityManagerFactory factory(String name, boolean failing) {
		return proxy(EntityManagerFactory.class, (method) -> switch (method) {
			case "createEntityManager" -> {
				if (failing) {
					throw new PersistenceException(name + " cannot create an entity manager");
				}
				yield proxy(EntityManager.class, (called) -> {
					if (called.equals("close")) {
						this.closed.add(name);
					}
					return null;
				});
			}
			case "toString" -> name;
			case "hashCode" -> System.identityHashCode(name);
			default -> null;
		});
	}

	@SuppressWarnings("unchecked")
	private static <T> T proxy(Class<T> type, Function<String, Object> answer) {
		return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type },
				(instance, method, arguments) -> method.getName().equals("equals") ? instance == arguments[0]
						: answer.apply(method.getName()));
	}

}
