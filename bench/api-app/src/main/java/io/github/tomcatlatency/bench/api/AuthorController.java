package io.github.tomcatlatency.bench.api;

import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The authors and their books.
 */
@RestController
@RequestMapping("/authors")
public class AuthorController {

	private final LibraryService library;

	public AuthorController(LibraryService library) {
		this.library = library;
	}

	@GetMapping
	public List<AuthorDto> authors(@RequestParam(required = false) String country) {
		return this.library.findAuthors(country);
	}

	@GetMapping("/{id}/books")
	public List<BookDto> books(@PathVariable Long id) {
		return this.library.findBooksOf(id);
	}

}
