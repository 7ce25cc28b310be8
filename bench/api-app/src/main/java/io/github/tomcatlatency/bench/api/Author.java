package io.github.tomcatlatency.bench.api;

import java.util.ArrayList;
import java.util.List;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;

/**
 * A writer of books.
 */
@Entity
public class Author {

	@Id
	@GeneratedValue
	private Long id;

	private String name;

	private String country;

	@OneToMany(mappedBy = "author")
	private List<Book> books = new ArrayList<>();

	protected Author() {
	}

	public Author(String name, String country) {
		this.name = name;
		this.country = country;
	}

	public Long getId() {
		return this.id;
	}

	public String getName() {
		return this.name;
	}

	public String getCountry() {
		return this.country;
	}

	public List<Book> getBooks() {
		return this.books;
	}

}
