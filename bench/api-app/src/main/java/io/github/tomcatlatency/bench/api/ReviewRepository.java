package io.github.tomcatlatency.bench.api;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;

/**
 * The reviews' queries.
 */
public interface ReviewRepository extends JpaRepository<Review, Long> {

	List<Review> findByBookIdAndRatingGreaterThanEqualOrderByCreatedAtDesc(Long bookId, int minimumRating);

}
