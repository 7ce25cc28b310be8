package io.github.tomcatlatency.bench.api;

import java.math.BigDecimal;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * A book to add.
 *
 * @param title the title
 * @param isbn the ISBN-13, as 978-0123456789
 * @param published the year of publication
 * @param price the price
 * @param authorId the author's identifier
 */
public record NewBook(@NotBlank @Size(max = 200) String title,
		@NotBlank @Pattern(regexp = "97[89]-\\d{10}") String isbn, @Min(1450) @Max(2100) int published,
		@NotNull @DecimalMin("0.00") BigDecimal price, @NotNull Long authorId) {

}
