package io.github.tomcatlatency.datarest;

import java.util.List;
import java.util.UUID;

import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import org.junit.jupiter.api.Test;

import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.data.repository.CrudRepository;
import org.springframework.data.rest.core.annotation.RepositoryRestResource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Integration tests for route discovery on an application whose routes Spring Data REST
 * serves, on a real embedded Tomcat, Hibernate and H2: its root and the collection of
 * each exported repository that pages are called, nothing else of it, and only where
 * discovery is on.
 */
class DataRestDiscoveryDataRestIntegrationTests {

	@Test
	void discoveryCallsTheRootAndTheCollectionsOfPagingRepositories() {
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.discover-routes=true")) {
			assertThat(discovered(context)).extracting(RequestResult::path, RequestResult::status)
				.containsOnly(tuple("/", 200), tuple("/books", 200));
			assertThat(context.getBean(BookRepository.class).count()).isOne();
		}
	}

	@Test
	void discoveryFollowsTheBasePathAndTheExclusions() {
		// The controller serves /reviews, not the base path's /api/reviews.
		try (ConfigurableApplicationContext context = start("tomcat-latency.warmup.discover-routes=true",
				"spring.data.rest.base-path=/api", "tomcat-latency.warmup.exclude=/api/books")) {
			assertThat(discovered(context)).extracting(RequestResult::path, RequestResult::status)
				.containsOnly(tuple("/api", 200), tuple("/api/reviews", 200));
		}
	}

	@Test
	void noRouteOfSpringDataRestIsCalledWithoutDiscovery() {
		try (ConfigurableApplicationContext context = start()) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests()).isNotEmpty()
				.noneMatch((request) -> request.origin() == Origin.DISCOVERED);
		}
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(CatalogApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID())
			.properties(properties)
			.run();
	}

	private static List<RequestResult> discovered(ConfigurableApplicationContext context) {
		return context.getBean(WarmupRunner.class)
			.getResult()
			.requests()
			.stream()
			.filter((request) -> request.origin() == Origin.DISCOVERED)
			.toList();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@EnableJpaRepositories(basePackageClasses = BookRepository.class, considerNestedRepositories = true)
	@Import(ReviewController.class)
	static class CatalogApplication {

		@Bean
		ApplicationRunner books(BookRepository books) {
			return (arguments) -> books.save(new Book("Walden"));
		}

	}

	// Served before Spring Data REST's collection of the same path: discovery leaves the
	// path to the controller, which needs a value.
	@RestController
	static class ReviewController {

		@GetMapping("/reviews")
		String reviews(@RequestParam String book) {
			return book;
		}

	}

	public interface BookRepository extends JpaRepository<Book, Long> {

	}

	// Its collection would read the whole table: no page.
	public interface AuthorRepository extends CrudRepository<Author, Long> {

	}

	@RepositoryRestResource(exported = false)
	public interface ShelfRepository extends JpaRepository<Shelf, Long> {

	}

	public interface ReviewRepository extends JpaRepository<Review, Long> {

	}

	@Entity
	public static class Book {

		@Id
		@GeneratedValue
		private Long id;

		private String title;

		protected Book() {
		}

		Book(String title) {
			this.title = title;
		}

		public String getTitle() {
			return this.title;
		}

	}

	// Three entities that differ only in the repository each has.
	@MappedSuperclass
	public abstract static class Identified {

		@Id
		@GeneratedValue
		private Long id;

		public Long getId() {
			return this.id;
		}

	}

	@Entity
	public static class Author extends Identified {

	}

	@Entity
	public static class Shelf extends Identified {

	}

	@Entity
	public static class Review extends Identified {

	}

}
