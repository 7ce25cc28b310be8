package io.github.tomcatlatency.advisory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;

import io.github.tomcatlatency.advisory.SelectedAdvisoryData.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AdvisoryDataSelection}.
 */
class AdvisoryDataSelectionTests {

	private static final LocalDate BUNDLED_DATE = AdvisoryDataReader.readBundled().dataDate();

	@TempDir
	Path directory;

	@Test
	void bundledDataAlone() {
		SelectedAdvisoryData selected = new AdvisoryDataSelection().select();
		assertThat(selected.source()).isEqualTo(Source.BUNDLED);
		assertThat(selected.data().dataDate()).isEqualTo(BUNDLED_DATE);
		assertThat(selected.warnings()).isEmpty();
	}

	// On the same date the more explicit source wins
	@ParameterizedTest
	@ValueSource(ints = { 0, 1 })
	void locationAtLeastAsNewWins(int daysNewer) throws IOException {
		AdvisoryDataSelection selection = new AdvisoryDataSelection();
		selection.addLocation(data(BUNDLED_DATE.plusDays(daysNewer)), "--advisories");
		SelectedAdvisoryData selected = selection.select();
		assertThat(selected.source()).isEqualTo(Source.LOCATION);
		assertThat(selected.warnings()).isEmpty();
	}

	@Test
	void olderLocationLosesWithAWarningNamingHowItWasSet() throws IOException {
		AdvisoryDataSelection selection = new AdvisoryDataSelection();
		selection.addLocation(data(BUNDLED_DATE.minusDays(1)), "tomcat-latency.advisories.location");
		SelectedAdvisoryData selected = selection.select();
		assertThat(selected.source()).isEqualTo(Source.BUNDLED);
		assertThat(selected.warnings()).containsExactly("The data at tomcat-latency.advisories.location is older "
				+ "than the bundled data (dated " + BUNDLED_DATE + "), which is used instead.");
	}

	@Test
	void newerArtifactWins() throws IOException {
		AdvisoryDataSelection selection = new AdvisoryDataSelection();
		assertThat(selection.addArtifact(artifact("data-date: " + BUNDLED_DATE.plusDays(1) + "\n"))).isNull();
		assertThat(selection.select().source()).isEqualTo(Source.ARTIFACT);
	}

	@Test
	void unreadableArtifactIsSkippedWithAWarning() throws IOException {
		AdvisoryDataSelection selection = new AdvisoryDataSelection();
		String warning = selection.addArtifact(artifact("nonsense\n"));
		assertThat(warning).startsWith("The tomcat-latency-advisories artifact could not be read (")
			.endsWith("); falling back to the bundled data.");
		SelectedAdvisoryData selected = selection.select();
		assertThat(selected.source()).isEqualTo(Source.BUNDLED);
		assertThat(selected.warnings()).containsExactly(warning);
	}

	@Test
	void noArtifactOnTheClassLoader() {
		AdvisoryDataSelection selection = new AdvisoryDataSelection();
		assertThat(selection.addArtifact(new URLClassLoader(new URL[0], null))).isNull();
		assertThat(selection.addArtifact(null)).isNull();
		assertThat(selection.select().source()).isEqualTo(Source.BUNDLED);
	}

	private ClassLoader artifact(String content) throws IOException {
		Path file = this.directory.resolve(AdvisoryDataReader.ARTIFACT_RESOURCE);
		Files.createDirectories(file.getParent());
		Files.writeString(file, content);
		return new URLClassLoader(new URL[] { this.directory.toUri().toURL() }, null);
	}

	private static AdvisoryData data(LocalDate date) throws IOException {
		byte[] content = ("data-date: " + date + "\n").getBytes(StandardCharsets.UTF_8);
		return AdvisoryDataReader.read(new ByteArrayInputStream(content), "test data");
	}

}
