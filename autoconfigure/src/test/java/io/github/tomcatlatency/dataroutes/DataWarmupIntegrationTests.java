package io.github.tomcatlatency.dataroutes;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.warmup.WarmupResult.State;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import io.github.tomcatlatency.warmup.internal.task.data.RepositoryQueryWarmup;
import io.github.tomcatlatency.warmup.internal.task.validation.ValidationMetadataWarmup;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Id;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.ConstraintValidatorFactory;
import jakarta.validation.Path;
import jakarta.validation.Payload;
import jakarta.validation.TraversableResolver;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.hibernate.SessionFactory;
import org.hibernate.stat.QueryStatistics;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integration tests for {@link RepositoryQueryWarmup} and
 * {@link ValidationMetadataWarmup} as the starter runs them, inside its warm-up request
 * to a real embedded Tomcat, on a real Hibernate, H2 database and Hibernate Validator:
 * Hibernate's statistics witness the query parsed and never executed, a recording
 * constraint validator factory the validators initialized, and the application's
 * controller, advice and constraint validator record that none of them was called.
 */
class DataWarmupIntegrationTests {

	private static final AtomicInteger applicationCalls = new AtomicInteger();

	private static final Set<String> validatorsCreated = ConcurrentHashMap.newKeySet();

	private static final Set<String> objectsTraversed = ConcurrentHashMap.newKeySet();

	private static final Set<Class<?>> serializersBuilt = ConcurrentHashMap.newKeySet();

	@BeforeEach
	void forgetCalls() {
		applicationCalls.set(0);
		validatorsCreated.clear();
		objectsTraversed.clear();
		serializersBuilt.clear();
	}

	@Test
	@EnabledIf(value = "derivedQueriesAsJpql",
			disabledReason = "Spring Data JPA 3 builds derived queries with the criteria API, which Hibernate does not parse")
	void preparesDerivedQueriesWithoutRunningThem() {
		try (ConfigurableApplicationContext context = start()) {
			assertThat(context.getBean(WarmupRunner.class).getResult().state()).isEqualTo(State.COMPLETED);
			QueryStatistics search = derivedSearch(statistics(context));
			long parsedMicros = search.getPlanCompilationTotalMicroseconds();
			assertThat(parsedMicros).isPositive();
			assertThat(search.getExecutionCount()).isZero();
			assertThat(applicationCalls).hasValue(0);
			// The repository's first call finds its query built and parsed.
			Page<Memo> found = context.getBean(MemoRepository.class)
				.findByTextContainingIgnoreCaseOrderByIdDesc("any", Pageable.ofSize(5));
			assertThat(found).isEmpty();
			assertThat(search.getExecutionCount()).isOne();
			assertThat(search.getPlanCompilationTotalMicroseconds()).isEqualTo(parsedMicros);
		}
	}

	@Test
	void initializesBuiltInConstraintValidatorsOfValidatedBodiesWithoutApplicationCode() {
		try (ConfigurableApplicationContext context = start()) {
			assertThat(validatorsCreated).contains("NotBlankValidator", "SizeValidatorForCharSequence",
					"PatternValidator");
			// The constraint of the application's own is left alone: its validator is
			// application code.
			assertThat(validatorsCreated).doesNotContain(ShoutingValidator.class.getSimpleName());
			assertThat(applicationCalls).hasValue(0);
			// A whole object validated as a body is, through the traversable resolver:
			// one
			// of the starter's own, never one of the application's.
			assertThat(objectsTraversed).contains("Sample", "Item").doesNotContain(MemoForm.class.getSimpleName());
		}
	}

	@Test
	void buildsTheSerializerOfAPagesContent() {
		try (ConfigurableApplicationContext context = start()) {
			assertThat(serializersBuilt).contains(MemoView.class);
			assertThat(applicationCalls).hasValue(0);
		}
	}

	@Test
	void warmsNeitherWithoutFrameworkRequests() {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.framework-requests=false")) {
			assertThat(statistics(context).getQueries()).noneMatch((query) -> query.contains("Memo"));
			assertThat(validatorsCreated).isEmpty();
		}
	}

	static boolean derivedQueriesAsJpql() {
		return ClassUtils.isPresent("org.springframework.data.jpa.repository.query.JpqlQueryBuilder",
				DataWarmupIntegrationTests.class.getClassLoader());
	}

	private static QueryStatistics derivedSearch(Statistics statistics) {
		String query = Set.of(statistics.getQueries())
			.stream()
			// Spring Data's JPQL, distinct from the shapes the persistence unit's own
			// warm-up
			// runs (lower case, with "x" as alias)
			.filter((hql) -> hql.startsWith("SELECT m FROM Memo m WHERE UPPER(m.text) LIKE"))
			.findFirst()
			.orElseThrow(() -> new AssertionError("Not prepared: " + Set.of(statistics.getQueries())));
		return statistics.getQueryStatistics(query);
	}

	private static Statistics statistics(ConfigurableApplicationContext context) {
		return context.getBean(EntityManagerFactory.class).unwrap(SessionFactory.class).getStatistics();
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(MemoApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"spring.jpa.properties.hibernate.generate_statistics=true")
			.properties(properties)
			.run();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@EnableJpaRepositories(basePackageClasses = MemoRepository.class, considerNestedRepositories = true)
	@Import({ MemoController.class, MemoAdvice.class })
	static class MemoApplication {

		@Bean
		BootLine.SerializersBuilt recordingSerializerModifier() {
			return new BootLine.SerializersBuilt(serializersBuilt);
		}

		@Bean
		BootLine.ValidationConfigurationCustomizer recordingConstraintValidatorFactory() {
			return (configuration) -> {
				TraversableResolver traversable = configuration.getDefaultTraversableResolver();
				configuration.traversableResolver(new TraversableResolver() {

					@Override
					public boolean isReachable(Object object, Path.Node property, Class<?> rootBeanType,
							Path pathToProperty, ElementType elementType) {
						if (object != null) {
							objectsTraversed.add(object.getClass().getSimpleName());
						}
						return traversable.isReachable(object, property, rootBeanType, pathToProperty, elementType);
					}

					@Override
					public boolean isCascadable(Object object, Path.Node property, Class<?> rootBeanType,
							Path pathToProperty, ElementType elementType) {
						return traversable.isCascadable(object, property, rootBeanType, pathToProperty, elementType);
					}

				});
				ConstraintValidatorFactory factory = configuration.getDefaultConstraintValidatorFactory();
				configuration.constraintValidatorFactory(new ConstraintValidatorFactory() {

					@Override
					public <T extends ConstraintValidator<?, ?>> T getInstance(Class<T> key) {
						validatorsCreated.add(key.getSimpleName());
						return factory.getInstance(key);
					}

					@Override
					public void releaseInstance(ConstraintValidator<?, ?> instance) {
						factory.releaseInstance(instance);
					}

				});
			};
		}

	}

	@Entity(name = "Memo")
	public static class Memo {

		@Id
		private Long id;

		private String text;

	}

	// Public: the repository proxy is defined by the class loader the test filters.
	public interface MemoRepository extends JpaRepository<Memo, Long> {

		Page<Memo> findByTextContainingIgnoreCaseOrderByIdDesc(String text, Pageable pageable);

	}

	@RestController
	static class MemoController {

		@GetMapping("/memos")
		String memos() {
			applicationCalls.incrementAndGet();
			return "memos";
		}

		@GetMapping("/memos/page")
		Page<MemoView> page() {
			applicationCalls.incrementAndGet();
			return Page.empty();
		}

		@PostMapping("/memos")
		String add(@Valid @RequestBody MemoForm memo) {
			applicationCalls.incrementAndGet();
			return memo.text();
		}

	}

	@RestControllerAdvice
	static class MemoAdvice {

		@ExceptionHandler(IllegalStateException.class)
		String failed(IllegalStateException ex) {
			applicationCalls.incrementAndGet();
			return "failed";
		}

	}

	record MemoForm(@NotBlank @Size(max = 200) String text, @Shouting String title, @Valid Tag tag) {

	}

	record MemoView(String text) {

	}

	record Tag(@Pattern(regexp = "[a-z]+") String name) {

	}

	@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT })
	@Retention(RetentionPolicy.RUNTIME)
	@Constraint(validatedBy = ShoutingValidator.class)
	@interface Shouting {

		String message() default "must shout";

		Class<?>[] groups() default {};

		Class<? extends Payload>[] payload() default {};

	}

	public static class ShoutingValidator implements ConstraintValidator<Shouting, String> {

		{
			applicationCalls.incrementAndGet();
		}

		@Override
		public boolean isValid(String value, ConstraintValidatorContext context) {
			applicationCalls.incrementAndGet();
			return value == null || value.equals(value.toUpperCase());
		}

	}

}
