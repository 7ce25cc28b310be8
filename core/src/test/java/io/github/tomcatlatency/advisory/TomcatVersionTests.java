package io.github.tomcatlatency.advisory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link TomcatVersion}.
 */
class TomcatVersionTests {

	@ParameterizedTest
	@ValueSource(strings = { "11.0.24", "9.0.13", "8.5.31", "11.0.0-M21", "10.1.0-M7", "9.0.0.M11", "0.0.0" })
	void toStringGivesBackTheParsedText(String text) {
		assertThat(TomcatVersion.parse(text)).hasToString(text);
	}

	@ParameterizedTest
	@CsvSource(textBlock = """
			11.0.24,    11, 0, 24, 0
			11.0.0-M21, 11, 0, 0,  21
			9.0.0.M1,   9,  0, 0,  1
			""")
	void parseReadsEachPart(String text, int major, int minor, int patch, int milestone) {
		assertThat(TomcatVersion.parse(text)).isEqualTo(new TomcatVersion(major, minor, patch, milestone));
	}

	@ParameterizedTest
	@CsvSource(textBlock = """
			11.0.24,   11.0
			10.1.34,   10.1
			9.0.0.M1,  9.0
			8.5.31,    8.5
			""")
	void branch(String text, String branch) {
		assertThat(TomcatVersion.parse(text).branch()).isEqualTo(branch);
	}

	@ParameterizedTest
	@CsvSource(textBlock = """
			11.0.0-M5,  11.0.0-M21
			11.0.0-M21, 11.0.0
			11.0.0,     11.0.1
			11.0.9,     11.0.10
			10.1.99,    11.0.0-M1
			9.0.0.M27,  9.0.0
			8.5.100,    9.0.0.M1
			""")
	void olderSortsBeforeNewer(String older, String newer) {
		TomcatVersion olderVersion = TomcatVersion.parse(older);
		TomcatVersion newerVersion = TomcatVersion.parse(newer);
		assertThat(olderVersion).isLessThan(newerVersion);
		assertThat(newerVersion).isGreaterThan(olderVersion);
	}

	@Test
	void sortsAsTomcatReleases() {
		List<TomcatVersion> expected = List
			.of("11.0.0-M5", "11.0.0-M20", "11.0.0-M21", "11.0.0", "11.0.1", "11.0.2", "11.0.10")
			.stream()
			.map(TomcatVersion::parse)
			.toList();
		List<TomcatVersion> shuffled = new ArrayList<>(expected);
		Collections.reverse(shuffled);
		Collections.sort(shuffled);
		assertThat(shuffled).containsExactlyElementsOf(expected);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "11", "11.0", "11.0.x", "11.0.24.0", "11.0.024", "11.0.24-M1", "11.0.0.M21",
			"9.0.0-M1", "11.0.0-M0", "11.0.0-RC1", " 11.0.24", "11.0.24 ", "v11.0.24", "11.0.24-SNAPSHOT",
			"99999999999.0.0" })
	void parseRejectsAnythingElse(String text) {
		assertThatIllegalArgumentException().isThrownBy(() -> TomcatVersion.parse(text))
			.withMessage("Invalid Tomcat version '" + text + "'");
	}

	@Test
	void nextIsTheNextPatchOrMilestone() {
		assertThat(TomcatVersion.parse("11.0.19").next()).hasToString("11.0.20");
		assertThat(TomcatVersion.parse("11.0.0-M2").next()).hasToString("11.0.0-M3");
	}

}
