package io.github.tomcatlatency.bench.web;

import java.util.List;

import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The catalogue's queries.
 */
public interface BookRepository extends JpaRepository<Book, Long> {

	List<Book> findByTitleContainingIgnoreCaseOrAuthorContainingIgnoreCase(String title, String author, Sort sort);

}
