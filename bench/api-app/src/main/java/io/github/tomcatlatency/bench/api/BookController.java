package io.github.tomcatlatency.bench.api;

import java.util.List;

import jakarta.validation.Valid;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.web.PageableDefault;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The books and their reviews.
 */
@RestController
@RequestMapping("/books")
public class BookController {

	private final LibraryService library;

	public BookController(LibraryService library) {
		this.library = library;
	}

	@GetMapping
	public Page<BookDto> books(@RequestParam(required = false) String title,
			@PageableDefault(size = 20, sort = "title") Pageable pageable) {
		return this.library.findBooks(title, pageable);
	}

	@GetMapping("/{id}")
	public BookDto book(@PathVariable Long id) {
		return this.library.findBook(id);
	}

	@PostMapping
	public ResponseEntity<BookDto> add(@Valid @RequestBody NewBook book) {
		return ResponseEntity.status(HttpStatus.CREATED).body(this.library.addBook(book));
	}

	@GetMapping("/{id}/reviews")
	public List<ReviewDto> reviews(@PathVariable Long id, @RequestParam(defaultValue = "1") int minRating) {
		return this.library.findReviews(id, minRating);
	}

	@PostMapping("/{id}/reviews")
	public ResponseEntity<ReviewDto> review(@PathVariable Long id, @Valid @RequestBody NewReview review) {
		return ResponseEntity.status(HttpStatus.CREATED).body(this.library.addReview(id, review));
	}

}
