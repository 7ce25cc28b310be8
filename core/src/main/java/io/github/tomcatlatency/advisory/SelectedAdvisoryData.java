package io.github.tomcatlatency.advisory;

import java.util.List;

/**
 * The advisory data in use: the newest of the data that was found, where it came from,
 * and what went wrong with the rest.
 *
 * @param data the advisory data, OSV advisories included
 * @param source where the data came from
 * @param osvAdvisories how many advisories came from OSV records the curated data lacks
 * @param warnings what went wrong while looking for data, for example an unreadable data
 * artifact that was skipped
 */
public record SelectedAdvisoryData(AdvisoryData data, Source source, int osvAdvisories, List<String> warnings) {

	public SelectedAdvisoryData {
		warnings = List.copyOf(warnings);
	}

	/**
	 * Where advisory data comes from.
	 */
	public enum Source {

		/**
		 * The copy bundled in the auto-configuration jar.
		 */
		BUNDLED,

		/**
		 * The {@code tomcat-latency-advisories} artifact on the classpath.
		 */
		ARTIFACT,

		/**
		 * The file at {@code tomcat-latency.advisories.location}.
		 */
		LOCATION

	}

}
