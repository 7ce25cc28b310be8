package io.github.tomcatlatency.autoconfigure.advisory;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

import io.github.tomcatlatency.advisory.AdvisoryDataException;
import io.github.tomcatlatency.advisory.AdvisoryDataReader;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData.Source;
import io.github.tomcatlatency.autoconfigure.BootLine;
import io.github.tomcatlatency.autoconfigure.adapter.EmbeddedTomcatAutoConfiguration;
import io.github.tomcatlatency.report.TomcatAdvisories;
import io.github.tomcatlatency.report.TomcatAdvisoryMeterBinder;
import io.github.tomcatlatency.report.TomcatLatencyReport.AdvisoryDataState;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AdvisoryAutoConfiguration}.
 */
@ExtendWith(OutputCaptureExtension.class)
class AdvisoryAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(EmbeddedTomcatAutoConfiguration.class, AdvisoryAutoConfiguration.class))
		.withConfiguration(BootLine.TOMCAT_SERVER);

	@Test
	void usesTheArtifactOverTheBundledCopyOfTheSameDate() {
		this.contextRunner.run((context) -> {
			AdvisoryDataState data = context.getBean(TomcatAdvisories.class).dataState();
			assertThat(data.source()).isEqualTo(Source.ARTIFACT);
			assertThat(data.dataDate()).isEqualTo(AdvisoryDataReader.readBundled().dataDate());
			assertThat(data.warnings()).isEmpty();
		});
	}

	@Test
	void usesTheBundledCopyWithoutTheArtifact() {
		this.contextRunner.withClassLoader(new ArtifactClassLoader(null))
			.run((context) -> assertThat(context.getBean(TomcatAdvisories.class).dataState().source())
				.isEqualTo(Source.BUNDLED));
	}

	@Test
	void newerDataAtTheLocationIsUsed(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("advisories.txt");
		Files.writeString(file, "data-date: 2099-12-01\nlatest: 11.0.99\n");
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.location=" + file.toUri()).run((context) -> {
			AdvisoryDataState data = context.getBean(TomcatAdvisories.class).dataState();
			assertThat(data.source()).isEqualTo(Source.LOCATION);
			assertThat(data.dataDate()).hasToString("2099-12-01");
		});
	}

	@Test
	void olderDataAtTheLocationIsNotUsedAndTheReportSaysSo(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("advisories.txt");
		Files.writeString(file, "data-date: 2026-01-01\nlatest: 11.0.15\n");
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.location=" + file.toUri()).run((context) -> {
			AdvisoryDataState data = context.getBean(TomcatAdvisories.class).dataState();
			assertThat(data.source()).isEqualTo(Source.ARTIFACT);
			assertThat(data.warnings()).singleElement()
				.asString()
				.contains("tomcat-latency.advisories.location is older");
		});
	}

	@Test
	void unreadableArtifactFallsBackToTheBundledDataWithAWarning(@TempDir Path dir, CapturedOutput output)
			throws Exception {
		Path broken = dir.resolve("tomcat-advisories.txt");
		Files.writeString(broken, "data-date: 2026-12-01\nlatest: 11.0.x\n");
		this.contextRunner.withClassLoader(new ArtifactClassLoader(broken.toUri().toURL())).run((context) -> {
			AdvisoryDataState data = context.getBean(TomcatAdvisories.class).dataState();
			assertThat(data.source()).isEqualTo(Source.BUNDLED);
			assertThat(data.warnings()).singleElement()
				.asString()
				.contains("tomcat-latency-advisories artifact could not be read")
				.contains("line 2");
		});
		assertThat(output).contains("WARN").contains("tomcat-latency-advisories artifact could not be read");
	}

	@Test
	void maxAgeBelowOneDayFailsNamingTheProperty() {
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.max-age=12h")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("tomcat-latency.advisories.max-age"));
	}

	@Test
	void ageGaugesArePublishedInDays() {
		this.contextRunner.withBean(SimpleMeterRegistry.class)
			.withPropertyValues("tomcat-latency.advisories.max-age=30d")
			.run((context) -> {
				MeterRegistry registry = new SimpleMeterRegistry();
				context.getBean(TomcatAdvisoryMeterBinder.class).bindTo(registry);
				Gauge age = registry.get(TomcatAdvisoryMeterBinder.AGE_METER_NAME).gauge();
				Gauge maxAge = registry.get(TomcatAdvisoryMeterBinder.MAX_AGE_METER_NAME).gauge();
				assertThat(age.getId().getBaseUnit()).isEqualTo("days");
				assertThat(maxAge.getId().getBaseUnit()).isEqualTo("days");
				long expectedAge = ChronoUnit.DAYS.between(AdvisoryDataReader.readBundled().dataDate(),
						LocalDate.now());
				assertThat(age.value()).isEqualTo(expectedAge);
				assertThat(maxAge.value()).isEqualTo(30.0);
			});
	}

	@Test
	void osvRecordsAreAdded() throws Exception {
		String location = Path.of(getClass().getResource("/io/github/tomcatlatency/advisory/osv").toURI())
			.toUri()
			.toString();
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.osv-location=" + location)
			.run((context) -> assertThat(context.getBean(TomcatAdvisories.class).dataState().osvAdvisories()).isOne());
	}

	@Test
	void malformedOsvRecordFailsNamingTheFileAndTheRecord(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("GHSA-bad.json");
		Files.writeString(file, "{\"id\": \"GHSA-bad\", \"affected\": 1}");
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.osv-location=" + dir.toUri())
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(AdvisoryDataException.class)
				.hasMessage(file + ": record 'GHSA-bad': 'affected' must be an array"));
	}

	@Test
	void missingOsvLocationFailsNamingTheProperty(@TempDir Path dir) {
		String location = dir.resolve("missing").toUri().toString();
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.osv-location=" + location)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(AdvisoryDataException.class)
				.hasMessageContaining(location)
				.hasMessageContaining("tomcat-latency.advisories.osv-location"));
	}

	@Test
	void osvWithoutJacksonFailsNamingTheProperty() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("tools.jackson"))
			.withPropertyValues("tomcat-latency.advisories.osv-location=file:./osv/")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("tomcat-latency.advisories.osv-location")
				.hasMessageContaining("Jackson"));
	}

	@Test
	void missingDataFileIsSkippedWithOneWarningNamingTheFileAndTheProperty(@TempDir Path dir, CapturedOutput output) {
		String location = dir.resolve("missing.txt").toUri().toString();
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.location=" + location).run((context) -> {
			AdvisoryDataState data = context.getBean(TomcatAdvisories.class).dataState();
			assertThat(data.source()).isEqualTo(Source.ARTIFACT);
			assertThat(data.warnings()).singleElement()
				.asString()
				.contains(location)
				.contains("tomcat-latency.advisories.location");
			assertThat(output).containsOnlyOnce("WARN").contains(location + " not found");
		});
	}

	@Test
	void malformedDataFileIsSkippedWithOneWarningNamingTheFileAndTheLine(@TempDir Path dir, CapturedOutput output)
			throws Exception {
		Path file = dir.resolve("advisories.txt");
		Files.writeString(file, "data-date: 2026-12-01\nlatest: 11.0.30\nlatest: 12.x\n");
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.location=" + file.toUri()).run((context) -> {
			AdvisoryDataState data = context.getBean(TomcatAdvisories.class).dataState();
			assertThat(data.source()).isEqualTo(Source.ARTIFACT);
			assertThat(data.warnings()).singleElement().asString().contains(file.toUri() + " line 3:");
			assertThat(output).containsOnlyOnce("WARN");
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "https://advisories.invalid/tomcat-advisories.txt", "ftp://advisories.invalid/data.txt",
			"./tomcat-advisories.txt" })
	void aLocationThatIsNeitherAFileNorOnTheClassPathFailsNamingTheProperty(String location) {
		this.contextRunner.withPropertyValues("tomcat-latency.advisories.location=" + location)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining(
						"'tomcat-latency.advisories.location' must be a 'file:' or 'classpath:' location"));
	}

	@Test
	void aClassPathLocationIsRead() {
		this.contextRunner
			.withPropertyValues("tomcat-latency.advisories.location=classpath:" + AdvisoryDataReader.ARTIFACT_RESOURCE)
			.run((context) -> {
				AdvisoryDataState data = context.getBean(TomcatAdvisories.class).dataState();
				assertThat(data.source()).isEqualTo(Source.LOCATION);
				assertThat(data.warnings()).isEmpty();
			});
	}

	@Test
	void advisoriesEnabledFalseLeavesOutTheAssessmentAndItsGauges() {
		this.contextRunner.withBean(SimpleMeterRegistry.class)
			.withPropertyValues("tomcat-latency.advisories.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(TomcatAdvisories.class)
				.doesNotHaveBean(TomcatAdvisoryMeterBinder.class));
	}

	@Test
	void backsOffWhenDisabled() {
		this.contextRunner.withPropertyValues("tomcat-latency.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(TomcatAdvisories.class));
	}

	/**
	 * Serves the given resource, or none, as the advisory data artifact.
	 */
	static final class ArtifactClassLoader extends ClassLoader {

		private final @Nullable URL artifact;

		ArtifactClassLoader(@Nullable URL artifact) {
			super(AdvisoryAutoConfigurationTests.class.getClassLoader());
			this.artifact = artifact;
		}

		@Override
		public @Nullable URL getResource(String name) {
			return name.equals(AdvisoryDataReader.ARTIFACT_RESOURCE) ? this.artifact : super.getResource(name);
		}

	}

}
