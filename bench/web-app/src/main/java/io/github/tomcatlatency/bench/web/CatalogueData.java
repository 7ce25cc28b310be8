package io.github.tomcatlatency.bench.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Fills the in-memory catalogue at start-up, as an application's own runner would.
 */
@Component
class CatalogueData implements ApplicationRunner {

	private static final String[] AUTHORS = { "Ursula K. Le Guin", "Italo Calvino", "Toni Morrison",
			"Jorge Luis Borges", "Octavia E. Butler", "Wisława Szymborska" };

	private static final String[] WORDS = { "River", "Lantern", "Winter", "Atlas", "Garden", "Harbour", "Orchard",
			"Signal", "Meridian", "Quarry" };

	private final BookRepository books;

	CatalogueData(BookRepository books) {
		this.books = books;
	}

	@Override
	public void run(ApplicationArguments args) {
		List<Book> catalogue = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			String title = "The " + WORDS[i % WORDS.length] + " of " + WORDS[(i * 7 + 3) % WORDS.length] + " " + i;
			catalogue.add(new Book(title, AUTHORS[i % AUTHORS.length], 1950 + (i % 70)));
		}
		this.books.saveAll(catalogue);
	}

}
