package io.github.tomcatlatency.bench.api;

import java.util.List;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The books' queries.
 */
public interface BookRepository extends JpaRepository<Book, Long> {

	Page<Book> findByTitleContainingIgnoreCase(String title, Pageable pageable);

	List<Book> findByAuthorIdOrderByPublishedDesc(Long authorId);

	boolean existsByIsbn(String isbn);

}
