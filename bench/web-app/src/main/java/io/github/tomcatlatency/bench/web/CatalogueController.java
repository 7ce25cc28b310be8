package io.github.tomcatlatency.bench.web;

import org.springframework.data.domain.Sort;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;

/**
 * The catalogue's pages: home, list, search and one book.
 */
@Controller
public class CatalogueController {

	private static final Sort BY_TITLE = Sort.by("title");

	private final BookRepository books;

	public CatalogueController(BookRepository books) {
		this.books = books;
	}

	@GetMapping("/")
	public String home(Model model) {
		model.addAttribute("count", this.books.count());
		return "home";
	}

	@GetMapping("/books")
	public String list(Model model) {
		model.addAttribute("books", this.books.findAll(BY_TITLE));
		return "books";
	}

	@GetMapping("/books/search")
	public String search(@RequestParam(defaultValue = "") String q, Model model) {
		model.addAttribute("q", q);
		model.addAttribute("books",
				this.books.findByTitleContainingIgnoreCaseOrAuthorContainingIgnoreCase(q, q, BY_TITLE));
		return "search";
	}

	@GetMapping("/books/{id}")
	public String book(@PathVariable long id, Model model) {
		model.addAttribute("book", this.books.findById(id)
			.orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "No book " + id)));
		return "book";
	}

}
