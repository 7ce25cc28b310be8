package io.github.tomcatlatency.bench.api;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;

/**
 * A book in the library.
 */
@Entity
public class Book {

	@Id
	@GeneratedValue
	private Long id;

	private String title;

	private String isbn;

	private int published;

	private BigDecimal price;

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	private Author author;

	@OneToMany(mappedBy = "book")
	private List<Review> reviews = new ArrayList<>();

	protected Book() {
	}

	public Book(String title, String isbn, int published, BigDecimal price, Author author) {
		this.title = title;
		this.isbn = isbn;
		this.published = published;
		this.price = price;
		this.author = author;
	}

	public Long getId() {
		return this.id;
	}

	public String getTitle() {
		return this.title;
	}

	public String getIsbn() {
		return this.isbn;
	}

	public int getPublished() {
		return this.published;
	}

	public BigDecimal getPrice() {
		return this.price;
	}

	public Author getAuthor() {
		return this.author;
	}

	public List<Review> getReviews() {
		return this.reviews;
	}

}
