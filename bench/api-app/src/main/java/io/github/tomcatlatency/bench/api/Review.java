package io.github.tomcatlatency.bench.api;

import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

/**
 * A reader's review of a book.
 */
@Entity
public class Review {

	@Id
	@GeneratedValue
	private Long id;

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	private Book book;

	private String reviewer;

	private int rating;

	private String comment;

	private Instant createdAt;

	protected Review() {
	}

	public Review(Book book, String reviewer, int rating, String comment, Instant createdAt) {
		this.book = book;
		this.reviewer = reviewer;
		this.rating = rating;
		this.comment = comment;
		this.createdAt = createdAt;
	}

	public Long getId() {
		return this.id;
	}

	public Book getBook() {
		return this.book;
	}

	public String getReviewer() {
		return this.reviewer;
	}

	public int getRating() {
		return this.rating;
	}

	public String getComment() {
		return this.comment;
	}

	public Instant getCreatedAt() {
		return this.createdAt;
	}

}
