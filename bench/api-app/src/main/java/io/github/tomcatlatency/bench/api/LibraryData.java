package io.github.tomcatlatency.bench.api;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Fills the in-memory database at start-up, as an application's own runner would:
 * authors, books, reviews and two members. The members' passwords are stored with the
 * {@code noop} encoder: a benchmark must not measure BCrypt's deliberate slowness on
 * every request.
 */
@Component
class LibraryData implements ApplicationRunner {

	private static final String[][] AUTHORS = { { "Ursula K. Le Guin", "US" }, { "Italo Calvino", "IT" },
			{ "Toni Morrison", "US" }, { "Jorge Luis Borges", "AR" }, { "Octavia E. Butler", "US" },
			{ "Wisława Szymborska", "PL" }, { "Chinua Achebe", "NG" }, { "Clarice Lispector", "BR" } };

	private static final String[] WORDS = { "River", "Lantern", "Winter", "Atlas", "Garden", "Harbour", "Orchard",
			"Signal", "Meridian", "Quarry" };

	private final AuthorRepository authors;

	private final BookRepository books;

	private final ReviewRepository reviews;

	private final MemberRepository members;

	LibraryData(AuthorRepository authors, BookRepository books, ReviewRepository reviews, MemberRepository members) {
		this.authors = authors;
		this.books = books;
		this.reviews = reviews;
		this.members = members;
	}

	@Override
	@Transactional
	public void run(ApplicationArguments args) {
		List<Author> writers = new ArrayList<>();
		for (String[] author : AUTHORS) {
			writers.add(new Author(author[0], author[1]));
		}
		this.authors.saveAll(writers);
		List<Book> catalogue = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			String title = "The " + WORDS[i % WORDS.length] + " of " + WORDS[(i * 7 + 3) % WORDS.length] + " " + i;
			catalogue.add(new Book(title, "978-%010d".formatted(1_000_000L + i), 1950 + (i % 70),
					BigDecimal.valueOf(900 + (i * 37) % 3000, 2), writers.get(i % writers.size())));
		}
		this.books.saveAll(catalogue);
		List<Review> written = new ArrayList<>();
		Instant start = Instant.parse("2026-01-01T00:00:00Z");
		for (int i = 0; i < 600; i++) {
			written.add(new Review(catalogue.get(i % catalogue.size()), "reader" + (i % 17), 1 + (i % 5),
					"Review number " + i, start.plusSeconds(3600L * i)));
		}
		this.reviews.saveAll(written);
		this.members.save(new Member("librarian", "{noop}librarian-secret", "LIBRARIAN"));
		this.members.save(new Member("reader", "{noop}reader-secret", "READER"));
	}

}
