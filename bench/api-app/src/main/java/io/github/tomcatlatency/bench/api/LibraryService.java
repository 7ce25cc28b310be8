package io.github.tomcatlatency.bench.api;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The library's use cases.
 */
@Service
@Transactional(readOnly = true)
public class LibraryService {

	private final BookRepository books;

	private final AuthorRepository authors;

	private final ReviewRepository reviews;

	private final LibraryMapper mapper;

	private final Clock clock = Clock.systemUTC();

	public LibraryService(BookRepository books, AuthorRepository authors, ReviewRepository reviews,
			LibraryMapper mapper) {
		this.books = books;
		this.authors = authors;
		this.reviews = reviews;
		this.mapper = mapper;
	}

	public Page<BookDto> findBooks(String title, Pageable pageable) {
		Page<Book> page = (title != null && !title.isBlank())
				? this.books.findByTitleContainingIgnoreCase(title, pageable) : this.books.findAll(pageable);
		return page.map(this.mapper::toDto);
	}

	public BookDto findBook(Long id) {
		return this.mapper.toDto(this.books.findById(id).orElseThrow(() -> new NotFoundException("book", id)));
	}

	public List<AuthorDto> findAuthors(String country) {
		List<Author> found = (country != null) ? this.authors.findByCountryOrderByNameAsc(country)
				: this.authors.findAll();
		return this.mapper.toAuthorDtos(found);
	}

	public List<BookDto> findBooksOf(Long authorId) {
		if (!this.authors.existsById(authorId)) {
			throw new NotFoundException("author", authorId);
		}
		return this.mapper.toBookDtos(this.books.findByAuthorIdOrderByPublishedDesc(authorId));
	}

	public List<ReviewDto> findReviews(Long bookId, int minimumRating) {
		return this.mapper.toReviewDtos(
				this.reviews.findByBookIdAndRatingGreaterThanEqualOrderByCreatedAtDesc(bookId, minimumRating));
	}

	@Transactional
	public BookDto addBook(NewBook newBook) {
		Author author = this.authors.findById(newBook.authorId())
			.orElseThrow(() -> new NotFoundException("author", newBook.authorId()));
		if (this.books.existsByIsbn(newBook.isbn())) {
			throw new IllegalArgumentException("ISBN " + newBook.isbn() + " exists already");
		}
		Book book = new Book(newBook.title(), newBook.isbn(), newBook.published(), newBook.price(), author);
		return this.mapper.toDto(this.books.save(book));
	}

	@Transactional
	public ReviewDto addReview(Long bookId, NewReview newReview) {
		Book book = this.books.findById(bookId).orElseThrow(() -> new NotFoundException("book", bookId));
		Review review = new Review(book, newReview.reviewer(), newReview.rating(), newReview.comment(),
				Instant.now(this.clock));
		return this.mapper.toDto(this.reviews.save(review));
	}

}
