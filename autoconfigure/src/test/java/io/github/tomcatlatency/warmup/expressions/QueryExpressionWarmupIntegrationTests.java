package io.github.tomcatlatency.warmup.expressions;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.warmup.WarmupResult.TaskOutcome;
import io.github.tomcatlatency.warmup.WarmupResult.TaskResult;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.task.data.QueryExpressionWarmup;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Id;
import org.hibernate.SessionFactory;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.data.repository.query.Param;
import org.springframework.data.spel.spi.EvaluationContextExtension;
import org.springframework.data.tomcatlatency.RecordingEvaluationContextExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for {@link QueryExpressionWarmup} on a real Hibernate and H2
 * database: the evaluation context of a declared query's SpEL expression is built before
 * readiness with Spring's extensions, never with an extension of the application's, and
 * no query runs. In a package of their own: the applications of other tests scan their
 * package for entities and repositories.
 */
class QueryExpressionWarmupIntegrationTests {

	@BeforeEach
	void reset() {
		RecordingEvaluationContextExtension.contexts.set(0);
		ApplicationExtension.called.set(0);
	}

	@Test
	void buildsTheEvaluationContextBeforeReadinessWithoutRunningAQuery() {
		try (ConfigurableApplicationContext context = start("spring")) {
			assertThat(task(context).outcome()).isEqualTo(TaskOutcome.RAN);
			assertThat(RecordingEvaluationContextExtension.contexts).hasValue(1);
			Statistics statistics = context.getBean(EntityManagerFactory.class)
				.unwrap(SessionFactory.class)
				.getStatistics();
			// Spring Data hands Hibernate the declared query with its expression replaced
			// by
			// a parameter, and the JPA warm-up has it parsed: found by its condition.
			String declared = Arrays.stream(statistics.getQueries())
				.filter((query) -> query.contains("n.text ="))
				.findFirst()
				.orElseThrow();
			assertThat(statistics.getQueryStatistics(declared).getExecutionCount()).isZero();
			assertThat(context.getBean(LabelRepository.class).findByText("none")).isEmpty();
			assertThat(statistics.getQueryStatistics(declared).getExecutionCount()).isOne();
			assertThat(RecordingEvaluationContextExtension.contexts).hasValue(2);
		}
	}

	@Test
	void leavesAnExtensionOfTheApplicationAlone() {
		try (ConfigurableApplicationContext context = start("application")) {
			assertThat(task(context).outcome()).isEqualTo(TaskOutcome.RAN);
			assertThat(ApplicationExtension.called).hasValue(0);
		}
	}

	private static TaskResult task(ConfigurableApplicationContext context) {
		List<TaskResult> tasks = context.getBean(WarmupRunner.class).getResult().tasks();
		return tasks.stream().filter((task) -> task.name().equals("query-expressions")).findFirst().orElseThrow();
	}

	private static ConfigurableApplicationContext start(String extension) {
		return new SpringApplicationBuilder(LabelsApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"spring.jpa.properties.hibernate.generate_statistics=true", "test.extension=" + extension)
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@EnableJpaRepositories(basePackageClasses = LabelRepository.class, considerNestedRepositories = true)
	@Import({ SpringExtension.class, ApplicationExtensionConfiguration.class })
	static class LabelsApplication {

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "test.extension", havingValue = "spring")
	static class SpringExtension {

		@Bean
		RecordingEvaluationContextExtension recordingEvaluationContextExtension() {
			return new RecordingEvaluationContextExtension();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "test.extension", havingValue = "application")
	static class ApplicationExtensionConfiguration {

		@Bean
		ApplicationExtension applicationExtension() {
			return new ApplicationExtension();
		}

	}

	static class ApplicationExtension implements EvaluationContextExtension {

		static final AtomicInteger called = new AtomicInteger();

		@Override
		public String getExtensionId() {
			called.incrementAndGet();
			return "application";
		}

		@Override
		public Object getRootObject() {
			called.incrementAndGet();
			return new Object();
		}

	}

	@Entity(name = "Label")
	public static class Label {

		@Id
		private Long id;

		private String text;

	}

	// Public: the repository proxy is defined by the class loader the test filters.
	public interface LabelRepository extends JpaRepository<Label, Long> {

		@Query("select n from Label n where n.text = :#{#text}")
		List<Label> findByText(@Param("text") String text);

	}

}
