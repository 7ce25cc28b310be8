package io.github.tomcatlatency.warmup.internal.task.data;

import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;

import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.WarmupResult.TaskOutcome;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Id;
import org.hibernate.SessionFactory;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.hibernate.stat.QueryStatistics;
import org.hibernate.stat.Statistics;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.data.repository.CrudRepository;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.support.RepositoryFactoryInformation;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for {@link JpaQueryWarmup} as the starter runs it: in the background
 * while the application starts, on a real Hibernate and H2 database holding rows, with
 * the statistics of Hibernate itself as the witness.
 */
class JpaQueryWarmupIntegrationTests {

	@Test
	void runsTheQueryEngineBeforeReadinessWithoutLoadingARow() {
		try (ConfigurableApplicationContext context = start()) {
			assertThat(context.getBean(WarmupRunner.class).getResult().state()).isEqualTo(State.COMPLETED);
			Statistics statistics = statistics(context);
			assertThat(statistics.getQueries()).contains("select count(*) from Note x where x.id is null");
			assertThat(statistics.getEntityLoadCount()).isZero();
			assertThat(statistics.getEntityInsertCount() + statistics.getEntityUpdateCount()
					+ statistics.getEntityDeleteCount())
				.isZero();
			assertThat(context.getBean(JdbcTemplate.class).queryForObject("select count(*) from note", Long.class))
				.isEqualTo(2);
		}
	}

	@Test
	void parsesTheShapeOfADerivedQueryOnlyWhereSpringDataSendsDerivedQueriesAsJpql() {
		// Spring Data JPA 4 renders a derived query as JPQL, which Hibernate parses; 3
		// builds it with the criteria API, which Hibernate does not parse. This runs on
		// both Boot lines, one Spring Data each.
		boolean derivedQueriesAsJpql = ClassUtils
			.isPresent("org.springframework.data.jpa.repository.query.JpqlQueryBuilder", getClass().getClassLoader());
		try (ConfigurableApplicationContext context = start()) {
			List<String> derivedShapes = Stream.of(statistics(context).getQueries())
				.filter((query) -> query.contains("upper(x.text) like upper(?1)"))
				.toList();
			if (derivedQueriesAsJpql) {
				assertThat(derivedShapes).isNotEmpty();
			}
			else {
				assertThat(derivedShapes).isEmpty();
			}
		}
	}

	@Test
	void looksUpEachEntityByAnIdentifierThatFindsNoRow() {
		RecordedStatements.statements.clear();
		try (ConfigurableApplicationContext context = start()) {
			// Hibernate built the entity's loader and sent its statement: by primary key,
			// for an identifier no generator hands out, so no row came back.
			assertThat(RecordedStatements.statements)
				.anyMatch((sql) -> sql.startsWith("select") && sql.contains(" from note ") && sql.endsWith(".id=?"));
			assertThat(statistics(context).getEntityLoadCount()).isZero();
			assertThat(context.getBean(NoteRepository.class).findById(1L)).isPresent();
		}
	}

	@Test
	void warmsEachPersistenceUnitOnce() {
		try (ConfigurableApplicationContext context = start()) {
			// Spring hands the factory's product to post-processors each time it is asked
			// for while the factory is still being created.
			assertThat(statistics(context).getQueryStatistics("select count(*) from Note x where x.id is null")
				.getExecutionCount()).isOne();
		}
	}

	@Test
	void repositoryCountFindsItsQueryParsed() {
		try (ConfigurableApplicationContext context = start()) {
			// Hibernate records the time it spends parsing a query the first time it
			// parses it: the warm-up did, the repository's count does not again.
			QueryStatistics count = statistics(context).getQueryStatistics("select count(*) from Note x");
			long parsedMicros = count.getPlanCompilationTotalMicroseconds();
			assertThat(parsedMicros).isPositive();
			assertThat(count.getExecutionCount()).isZero();
			assertThat(context.getBean(NoteRepository.class).count()).isEqualTo(2);
			assertThat(count.getExecutionCount()).isOne();
			assertThat(count.getPlanCompilationTotalMicroseconds()).isEqualTo(parsedMicros);
		}
	}

	@Test
	void preparesEveryDerivedQueryOfTheRepositoriesWithoutRunningOne() {
		// RepositoryQueryWarmup binds arguments through Spring Data JPA's internals,
		// which differ between Spring Data 3 and 4: this runs on both Boot lines. A query
		// it cannot prepare, or a Spring Data it cannot run on, is in the task's outcome.
		// (That Hibernate parsed the query's JPQL, on Spring Data 4, which sends JPQL:
		// DataWarmupIntegrationTests.)
		try (ConfigurableApplicationContext context = start()) {
			assertThat(context.getBean(WarmupRunner.class).getResult().tasks())
				.filteredOn((task) -> task.name().equals("repository-queries"))
				.singleElement()
				.satisfies((task) -> assertThat(task.outcome()).as(task.reason()).isEqualTo(TaskOutcome.RAN));
			Statistics statistics = statistics(context);
			assertThat(statistics.getEntityLoadCount()).isZero();
			long executed = statistics.getQueryExecutionCount();
			assertThat(context.getBean(NoteRepository.class)
				.findByTextContainingIgnoreCaseOrderByIdDesc("first", Pageable.ofSize(5))).hasSize(1);
			assertThat(statistics.getQueryExecutionCount()).isEqualTo(executed + 1);
		}
	}

	@Test
	void readsThroughTheApplicationsTransactionInterceptorInAReadOnlyTransactionThatEndsWithoutWriting() {
		RecordedTransactions.ended.clear();
		try (ConfigurableApplicationContext context = start()) {
			assertThat(context.getBean(WarmupRunner.class).getResult().tasks())
				.filteredOn((task) -> task.name().equals("transactional-lookup"))
				.singleElement()
				.satisfies((task) -> assertThat(task.outcome()).as(task.reason()).isEqualTo(TaskOutcome.RAN));
			// Begun by the interceptor, named after the method it intercepted: the
			// starter's own. Read-only, it commits, as a real request's read does.
			assertThat(RecordedTransactions.ended).anySatisfy((transaction) -> assertThat(transaction)
				.endsWith("TransactionalLookupWarmup$ReadOnlyLookup.run read-only committed"));
			Statistics statistics = statistics(context);
			assertThat(statistics.getEntityLoadCount()).isZero();
			assertThat(context.getBean(JdbcTemplate.class).queryForObject("select count(*) from note", Long.class))
				.isEqualTo(2);
		}
	}

	@Test
	void looksUpThroughARepositoryOfTheStartersOwnBuiltFromTheCheapestInterface() {
		try (ConfigurableApplicationContext context = start()) {
			Runnable lookup = context.getBean(TransactionalLookupWarmup.class)
				.lookup(context.getBean(EntityManagerFactory.class));
			// NoteArchive declares no query method, NoteRepository one.
			assertThat(lookup).isInstanceOfSatisfying(RepositoryLookup.class,
					(repositoryLookup) -> assertThat(repositoryLookup.repository()).isInstanceOf(NoteArchive.class)
						.isNotSameAs(context.getBean(NoteArchive.class)));
			// Boot times each call of the application's repositories: the warm-up called
			// none of them.
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(registry.find("spring.data.repository.invocations").timers()).isEmpty();
			assertThat(context.getBean(NoteArchive.class).findById(1L)).isPresent();
			assertThat(registry.find("spring.data.repository.invocations").timers()).isNotEmpty();
		}
	}

	@Test
	void buildsNoRepositoryWhoseFindByIdHasADeclaredQuery() {
		try (ConfigurableApplicationContext context = start()) {
			Set<Class<?>> entities = Set.of(Note.class);
			assertThat(RepositoryLookup.buildable(repositoryInformation(context, NoteArchive.class), entities))
				.isTrue();
			assertThat(RepositoryLookup.buildable(repositoryInformation(context, NoteQueries.class), entities))
				.isFalse();
		}
	}

	@Test
	void leavesThePersistenceUnitAloneWithoutFrameworkRequests() {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.framework-requests=false")) {
			assertThat(statistics(context).getQueryExecutionCount()).isZero();
		}
	}

	private static RepositoryInformation repositoryInformation(ConfigurableApplicationContext context,
			Class<?> repositoryInterface) {
		return context.getBeansOfType(RepositoryFactoryInformation.class)
			.values()
			.stream()
			.map(RepositoryFactoryInformation::getRepositoryInformation)
			.filter((information) -> information.getRepositoryInterface() == repositoryInterface)
			.findFirst()
			.orElseThrow();
	}

	private static Statistics statistics(ConfigurableApplicationContext context) {
		return context.getBean(EntityManagerFactory.class).unwrap(SessionFactory.class).getStatistics();
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(NotesApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"spring.jpa.properties.hibernate.generate_statistics=true",
					"spring.jpa.properties.hibernate.hbm2ddl.import_files=io/github/tomcatlatency/warmup/notes.sql",
					"spring.jpa.properties.hibernate.session_factory.statement_inspector="
							+ RecordedStatements.class.getName())
			.properties(properties)
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@EnableJpaRepositories(basePackageClasses = NoteRepository.class, considerNestedRepositories = true)
	static class NotesApplication {

		@Bean
		RecordedTransactions recordedTransactions() {
			return new RecordedTransactions();
		}

	}

	/**
	 * Records the transactions the application's transaction manager ends, which Spring
	 * Boot gives the listener beans.
	 */
	static class RecordedTransactions implements TransactionExecutionListener {

		static final Queue<String> ended = new ConcurrentLinkedQueue<>();

		@Override
		public void afterRollback(TransactionExecution transaction, @Nullable Throwable rollbackFailure) {
			ended.add(
					transaction.getTransactionName() + (transaction.isReadOnly() ? " read-only" : "") + " rolled back");
		}

		@Override
		public void afterCommit(TransactionExecution transaction, @Nullable Throwable commitFailure) {
			ended.add(transaction.getTransactionName() + (transaction.isReadOnly() ? " read-only" : "") + " committed");
		}

	}

	@Entity(name = "Note")
	public static class Note {

		@Id
		private Long id;

		private String text;

	}

	/**
	 * Records the SQL Hibernate sends.
	 */
	public static class RecordedStatements implements StatementInspector {

		static final Queue<String> statements = new ConcurrentLinkedQueue<>();

		@Override
		public String inspect(String sql) {
			statements.add(sql);
			return sql;
		}

	}

	// Public: the repository proxies are defined by the class loader the test filters.
	public interface NoteArchive extends CrudRepository<Note, Long> {

	}

	public interface NoteQueries extends CrudRepository<Note, Long> {

		@Override
		@Query("select n from Note n where n.id = ?1")
		Optional<Note> findById(Long id);

	}

	public interface NoteRepository extends JpaRepository<Note, Long> {

		Page<Note> findByTextContainingIgnoreCaseOrderByIdDesc(String text, Pageable pageable);

	}

}
