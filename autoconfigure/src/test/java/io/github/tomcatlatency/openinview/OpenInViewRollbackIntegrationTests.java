package io.github.tomcatlatency.openinview;

import java.util.UUID;

import io.github.tomcatlatency.warmup.WarmupRequest.Origin;
import io.github.tomcatlatency.warmup.WarmupResult.RequestResult;
import io.github.tomcatlatency.warmup.internal.WarmupRunner;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
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
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Integration tests for the warm-up's rollback under open-in-view (Boot's default), on a
 * real embedded Tomcat, Hibernate and H2: a route that reads through Spring Data and then
 * loads a lazy association in the same request answers the warm-up as it answers users,
 * while what a route writes in a read-write transaction is still rolled back.
 */
class OpenInViewRollbackIntegrationTests {

	@Test
	void aLazyLoadAfterARepositoryReadWarmsWhileAWriteRollsBack() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(LibraryApplication.class)
			.resourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.eclipse.jetty")))
			.properties("server.port=0", "tomcat-latency.warmup.discover-routes=true",
					"spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID())
			.run()) {
			assertThat(context.getBean(WarmupRunner.class).getResult().requests())
				.filteredOn((request) -> request.origin() == Origin.DISCOVERED)
				.extracting(RequestResult::path, RequestResult::status)
				.containsOnly(tuple("/books/first/author", 200), tuple("/authors/new", 200));
			assertThat(context.getBean(AuthorRepository.class).count()).isOne();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@EnableJpaRepositories(basePackageClasses = BookRepository.class, considerNestedRepositories = true)
	@Import(LibraryController.class)
	static class LibraryApplication {

		@Bean
		ApplicationRunner books(AuthorRepository authors, BookRepository books) {
			return (arguments) -> books.save(new Book("Walden", authors.save(new Author("Thoreau"))));
		}

	}

	@RestController
	static class LibraryController {

		private final AuthorRepository authors;

		private final BookRepository books;

		LibraryController(AuthorRepository authors, BookRepository books) {
			this.authors = authors;
			this.books = books;
		}

		// The repository's read-only transaction ends before the author is loaded, by
		// the request's EntityManager that open-in-view keeps open.
		@GetMapping("/books/first/author")
		String firstBookAuthor() {
			return this.books.findAll().get(0).getAuthor().getName();
		}

		@GetMapping("/authors/new")
		long newAuthor() {
			return this.authors.save(new Author("Emerson")).getId();
		}

	}

	public interface AuthorRepository extends JpaRepository<Author, Long> {

	}

	public interface BookRepository extends JpaRepository<Book, Long> {

	}

	@Entity
	public static class Author {

		@Id
		@GeneratedValue
		private Long id;

		private String name;

		protected Author() {
		}

		Author(String name) {
			this.name = name;
		}

		public Long getId() {
			return this.id;
		}

		public String getName() {
			return this.name;
		}

	}

	@Entity
	public static class Book {

		@Id
		@GeneratedValue
		private Long id;

		private String title;

		@ManyToOne(fetch = FetchType.LAZY)
		private Author author;

		protected Book() {
		}

		Book(String title, Author author) {
			this.title = title;
			this.author = author;
		}

		public Author getAuthor() {
			return this.author;
		}

	}

}
