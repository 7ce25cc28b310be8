package io.github.tomcatlatency.bench.api;

import java.math.BigDecimal;

/**
 * A book as the API shows it.
 *
 * @param id the identifier
 * @param title the title
 * @param isbn the ISBN-13
 * @param published the year of publication
 * @param price the price
 * @param authorId the author's identifier
 * @param authorName the author's name
 */
public record BookDto(Long id, String title, String isbn, int published, BigDecimal price, Long authorId,
		String authorName) {

}
