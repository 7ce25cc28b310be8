package io.github.tomcatlatency.advisory;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.github.tomcatlatency.advisory.SelectedAdvisoryData.Source;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the advisory data to use: the newest of the bundled copy, the
 * {@code tomcat-latency-advisories} artifact and a given file; on the same data date the
 * more explicit source wins. The starter, the command-line scanner and the Maven plugin
 * all choose this way.
 */
public final class AdvisoryDataSelection {

	private final List<Candidate> candidates = new ArrayList<>();

	private final List<String> warnings = new ArrayList<>();

	private @Nullable String locationName;

	/**
	 * Create a selection that starts with the bundled data.
	 */
	public AdvisoryDataSelection() {
		this.candidates.add(new Candidate(AdvisoryDataReader.readBundled(), Source.BUNDLED));
	}

	/**
	 * Add the data of the {@code tomcat-latency-advisories} artifact, when the class
	 * loader has it. An unreadable artifact is skipped with a warning: the other data
	 * still gives a verdict.
	 * @param classLoader the class loader to look in, or {@code null} for none
	 * @return the warning when the artifact was found but could not be read, otherwise
	 * {@code null}
	 */
	public @Nullable String addArtifact(@Nullable ClassLoader classLoader) {
		URL url = (classLoader != null) ? classLoader.getResource(AdvisoryDataReader.ARTIFACT_RESOURCE) : null;
		if (url == null) {
			return null;
		}
		try (InputStream input = url.openStream()) {
			this.candidates.add(new Candidate(AdvisoryDataReader.read(input, url.toString()), Source.ARTIFACT));
			return null;
		}
		catch (IOException | AdvisoryDataException ex) {
			String warning = "The tomcat-latency-advisories artifact could not be read (" + ex.getMessage()
					+ "); falling back to the bundled data.";
			this.warnings.add(warning);
			return warning;
		}
	}

	/**
	 * Add the data the user pointed at. It is used only if it is at least as new as the
	 * rest; otherwise a warning says so.
	 * @param data the data read from the user's file
	 * @param name how the user set it, for the warning, for example
	 * {@code "tomcat-latency.advisories.location"}
	 */
	public void addLocation(AdvisoryData data, String name) {
		this.candidates.add(new Candidate(data, Source.LOCATION));
		this.locationName = name;
	}

	/**
	 * Record that the data the user pointed at could not be read: the other data still
	 * gives a verdict.
	 * @param name how the user set it, for example
	 * {@code "tomcat-latency.advisories.location"}
	 * @param problem why it could not be read
	 * @return the warning
	 */
	public String skipLocation(String name, String problem) {
		String warning = "The data at " + name + " could not be read (" + problem + "); falling back to the "
				+ name(newest().source()) + ".";
		this.warnings.add(warning);
		return warning;
	}

	/**
	 * Return the newest data added.
	 * @return the selected data, without OSV advisories
	 */
	public SelectedAdvisoryData select() {
		Candidate newest = newest();
		List<String> warnings = new ArrayList<>(this.warnings);
		if (this.locationName != null && newest.source() != Source.LOCATION) {
			warnings.add("The data at " + this.locationName + " is older than the " + name(newest.source()) + " (dated "
					+ newest.data().dataDate() + "), which is used instead.");
		}
		return new SelectedAdvisoryData(newest.data(), newest.source(), 0, warnings);
	}

	private Candidate newest() {
		return this.candidates.stream()
			.max(Comparator.comparing((Candidate candidate) -> candidate.data().dataDate())
				.thenComparing(Candidate::source))
			.orElseThrow();
	}

	private static String name(Source source) {
		return (source == Source.ARTIFACT) ? "tomcat-latency-advisories artifact" : "bundled data";
	}

	private record Candidate(AdvisoryData data, Source source) {

	}

}
