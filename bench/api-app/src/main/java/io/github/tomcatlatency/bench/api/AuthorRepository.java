package io.github.tomcatlatency.bench.api;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The authors' queries.
 */
public interface AuthorRepository extends JpaRepository<Author, Long> {

	List<Author> findByCountryOrderByNameAsc(String country);

}
