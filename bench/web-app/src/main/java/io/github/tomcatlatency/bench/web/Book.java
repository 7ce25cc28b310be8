package io.github.tomcatlatency.bench.web;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;

/**
 * A book in the catalogue.
 */
@Entity
public class Book {

	@Id
	@GeneratedValue
	private Long id;

	private String title;

	private String author;

	private int published;

	protected Book() {
	}

	public Book(String title, String author, int published) {
		this.title = title;
		this.author = author;
		this.published = published;
	}

	public Long getId() {
		return this.id;
	}

	public String getTitle() {
		return this.title;
	}

	public String getAuthor() {
		return this.author;
	}

	public int getPublished() {
		return this.published;
	}

}
