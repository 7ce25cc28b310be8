package io.github.tomcatlatency.autoconfigure.aot;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import io.github.tomcatlatency.autoconfigure.aot.BuildTimeSwitches.Difference;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link BuildTimeSwitches} and {@link BuildTimeSwitchesFailureAnalyzer}.
 */
class BuildTimeSwitchesTests {

	@Test
	void sameEffectiveValuesDoNotDiffer() {
		// Not set and true are the same switch; so are TRUE and true.
		BuildTimeSwitches built = BuildTimeSwitches.of(new MockEnvironment());
		MockEnvironment run = new MockEnvironment().withProperty("tomcat-latency.enabled", "TRUE")
			.withProperty("tomcat-latency.warmup.enabled", "true");
		assertThat(built.differences(run)).isEmpty();
	}

	@Test
	void aSwitchTurnedOffAtRunTimeDiffersWithBothValues() {
		BuildTimeSwitches built = BuildTimeSwitches.of(new MockEnvironment());
		MockEnvironment run = new MockEnvironment().withProperty("tomcat-latency.enabled", "false");
		assertThat(built.differences(run)).singleElement()
			.hasToString("tomcat-latency.enabled is false at run time but was true (not set) when Spring AOT "
					+ "processed the application")
			.extracting(Difference::runTimeSetting)
			.isEqualTo("tomcat-latency.enabled=false");
	}

	@Test
	void aSwitchTurnedOffAtBuildTimeDiffersWhenNotSetAtRunTime() {
		BuildTimeSwitches built = BuildTimeSwitches
			.of(new MockEnvironment().withProperty("tomcat-latency.cache.enabled", "false"));
		assertThat(built.differences(new MockEnvironment())).singleElement()
			.extracting(Difference::runTimeSetting)
			.isEqualTo("tomcat-latency.cache.enabled=true");
	}

	@Test
	void contentHasNoDateAndReadsBack() throws Exception {
		MockEnvironment environment = new MockEnvironment().withProperty("tomcat-latency.warmup.enabled", "false");
		String content = BuildTimeSwitches.of(environment).toContent();
		assertThat(content).doesNotContainPattern("\\d{2}:\\d{2}:\\d{2}")
			.contains("tomcat-latency.warmup.enabled=false");
		Properties read = new Properties();
		read.load(new ByteArrayInputStream(content.getBytes(StandardCharsets.ISO_8859_1)));
		assertThat(read).containsOnlyKeys("tomcat-latency.warmup.enabled");
	}

	@Test
	void contextsProcessedWithDifferentValuesCompareNothing() throws Exception {
		String first = BuildTimeSwitches.of(new MockEnvironment()).toContent();
		BuildTimeSwitches second = BuildTimeSwitches
			.of(new MockEnvironment().withProperty("tomcat-latency.enabled", "false"));
		assertThat(BuildTimeSwitches.of(new MockEnvironment()).mergedWith(first)).isEqualTo(first);
		String merged = second.mergedWith(first);
		Properties read = new Properties();
		read.load(new ByteArrayInputStream(merged.getBytes(StandardCharsets.ISO_8859_1)));
		assertThat(read).containsOnlyKeys("tomcat-latency.aot.switches-vary");
	}

	@Test
	void failureAnalysisNamesTheSwitchItsValuesAndTheBuildSetting() {
		BuildTimeSwitches built = BuildTimeSwitches.of(new MockEnvironment());
		BuildTimeSwitchesException failure = new BuildTimeSwitchesException(
				built.differences(new MockEnvironment().withProperty("tomcat-latency.enabled", "false")));
		FailureAnalysis analysis = new BuildTimeSwitchesFailureAnalyzer().analyze(failure);
		assertThat(analysis.getDescription()).contains("Spring AOT")
			.contains("tomcat-latency.enabled is false at run time but was true (not set)");
		assertThat(analysis.getAction()).contains("-Dtomcat-latency.enabled=false")
			.contains("process-aot")
			.contains("without -Dspring.aot.enabled=true");
	}

}
