package io.github.tomcatlatency.bench.api;

import java.time.Instant;

/**
 * A review as the API shows it.
 *
 * @param id the identifier
 * @param bookId the book's identifier
 * @param reviewer the reviewer's name
 * @param rating the rating, 1 to 5
 * @param comment the comment
 * @param createdAt when it was written
 */
public record ReviewDto(Long id, Long bookId, String reviewer, int rating, String comment, Instant createdAt) {

}
