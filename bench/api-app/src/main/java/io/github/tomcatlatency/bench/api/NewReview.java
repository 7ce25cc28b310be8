package io.github.tomcatlatency.bench.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * A review to add.
 *
 * @param reviewer the reviewer's name
 * @param rating the rating, 1 to 5
 * @param comment the comment
 */
public record NewReview(@NotBlank @Size(max = 60) String reviewer, @Min(1) @Max(5) int rating,
		@Size(max = 2000) String comment) {

}
