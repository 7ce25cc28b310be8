package io.github.tomcatlatency.advisory;

import java.time.LocalDate;

import org.jspecify.annotations.Nullable;

/**
 * The newest release of a branch that the advisory data knows.
 *
 * @param version the version
 * @param releaseDate the release date, or {@code null} if the data does not give it
 */
public record LatestRelease(TomcatVersion version, @Nullable LocalDate releaseDate) {

}
