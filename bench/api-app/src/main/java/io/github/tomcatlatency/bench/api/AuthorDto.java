package io.github.tomcatlatency.bench.api;

/**
 * An author as the API shows it.
 *
 * @param id the identifier
 * @param name the name
 * @param country the country code
 */
public record AuthorDto(Long id, String name, String country) {

}
