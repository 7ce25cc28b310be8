package io.github.tomcatlatency.phase;

/**
 * A route as recorded: the {@code uri} tag value and a dense index that recorders use to
 * keep per-route state in arrays, without hashing on the request path.
 *
 * @param uri the {@code uri} tag value: the matched pattern or a fixed value such as
 * {@code NOT_FOUND}
 * @param index the route's index, from 0 to the most routes recorded, exclusive
 */
public record Route(String uri, int index) {

}
