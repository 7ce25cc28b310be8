package io.github.tomcatlatency.advisory;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * Known Tomcat advisories and releases, as of a data date.
 *
 * @param dataDate the date up to which releases and advisories are covered
 * @param latestReleases the newest known release per branch, keyed by branch such as
 * {@code "11.0"}; only these branches are known to the data
 * @param endOfLifeBranches the branches Tomcat no longer supports
 * @param unreleasedVersions the version numbers Tomcat never released
 * @param bootReleases the Tomcat versions that Spring Boot releases manage
 * @param advisories the advisories
 * @see AdvisoryDataReader
 */
public record AdvisoryData(LocalDate dataDate, Map<String, LatestRelease> latestReleases, Set<String> endOfLifeBranches,
		Set<TomcatVersion> unreleasedVersions, List<BootRelease> bootReleases, List<Advisory> advisories) {

	public AdvisoryData {
		latestReleases = Collections.unmodifiableMap(new LinkedHashMap<>(latestReleases));
		endOfLifeBranches = Set.copyOf(endOfLifeBranches);
		unreleasedVersions = Set.copyOf(unreleasedVersions);
		bootReleases = List.copyOf(bootReleases);
		advisories = List.copyOf(advisories);
	}

	/**
	 * Return the newest known release of the given branch.
	 * @param branch the branch, for example {@code "11.0"}
	 * @return the release, or {@code null} if the branch is not known to the data
	 */
	public @Nullable LatestRelease latestRelease(String branch) {
		return this.latestReleases.get(branch);
	}

	/**
	 * Return whether Tomcat no longer supports the given branch.
	 * @param branch the branch, for example {@code "8.5"}
	 * @return whether the branch is end of life
	 */
	public boolean isEndOfLife(String branch) {
		return this.endOfLifeBranches.contains(branch);
	}

	/**
	 * Return this data with the given OSV advisories added, except those the data already
	 * has under their id or one of their aliases: curated entries keep their rating and
	 * component analysis.
	 * @param osvAdvisories the advisories read from OSV records
	 * @return the merged data
	 */
	public AdvisoryData withOsvAdvisories(List<Advisory> osvAdvisories) {
		List<Advisory> merged = new ArrayList<>(this.advisories);
		for (Advisory candidate : osvAdvisories) {
			boolean known = merged.stream()
				.anyMatch((existing) -> existing.isKnownAs(candidate.id())
						|| candidate.aliases().stream().anyMatch(existing::isKnownAs));
			if (!known) {
				merged.add(candidate);
			}
		}
		return new AdvisoryData(this.dataDate, this.latestReleases, this.endOfLifeBranches, this.unreleasedVersions,
				this.bootReleases, merged);
	}

	/**
	 * Return whether Tomcat released the given version, as far as the data knows.
	 * @param version the version
	 * @return {@code false} if the version is listed as never released
	 */
	public boolean isReleased(TomcatVersion version) {
		return !this.unreleasedVersions.contains(version);
	}

}
