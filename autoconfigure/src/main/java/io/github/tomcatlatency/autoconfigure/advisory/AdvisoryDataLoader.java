package io.github.tomcatlatency.autoconfigure.advisory;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.github.tomcatlatency.advisory.Advisory;
import io.github.tomcatlatency.advisory.AdvisoryData;
import io.github.tomcatlatency.advisory.AdvisoryDataException;
import io.github.tomcatlatency.advisory.AdvisoryDataReader;
import io.github.tomcatlatency.advisory.OsvAdvisoryReader;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData.Source;
import io.github.tomcatlatency.autoconfigure.TomcatLatencyProperties.Advisories;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;
import org.springframework.util.ClassUtils;

/**
 * Finds the advisory data to use: the newest of the bundled copy, the
 * {@code tomcat-latency-advisories} artifact and the configured location, plus any OSV
 * records.
 */
final class AdvisoryDataLoader {

	private static final Log logger = LogFactory.getLog(AdvisoryDataLoader.class);

	private static final String LOCATION_PROPERTY = "tomcat-latency.advisories.location";

	private static final String OSV_LOCATION_PROPERTY = "tomcat-latency.advisories.osv-location";

	private static final String JACKSON = "tools.jackson.databind.json.JsonMapper";

	private final Advisories properties;

	private final ResourceLoader resourceLoader;

	private final List<String> warnings = new ArrayList<>();

	AdvisoryDataLoader(Advisories properties, ResourceLoader resourceLoader) {
		this.properties = properties;
		this.resourceLoader = resourceLoader;
	}

	SelectedAdvisoryData load() throws IOException {
		List<Candidate> candidates = new ArrayList<>();
		candidates.add(new Candidate(AdvisoryDataReader.readBundled(), Source.BUNDLED));
		Candidate artifact = readArtifact();
		if (artifact != null) {
			candidates.add(artifact);
		}
		String location = this.properties.getLocation();
		if (location != null) {
			candidates.add(new Candidate(readLocation(location), Source.LOCATION));
		}
		// Newest data first; on the same date the more explicit source wins
		Candidate newest = candidates.stream()
			.max(Comparator.comparing((Candidate candidate) -> candidate.data().dataDate())
				.thenComparing(Candidate::source))
			.orElseThrow();
		if (location != null && newest.source() != Source.LOCATION) {
			this.warnings.add("The data at " + LOCATION_PROPERTY + " is older than the " + name(newest.source())
					+ " (dated " + newest.data().dataDate() + "), which is used instead.");
		}
		AdvisoryData data = newest.data();
		int osvAdvisories = 0;
		String osvLocation = this.properties.getOsvLocation();
		if (osvLocation != null) {
			AdvisoryData withOsv = data.withOsvAdvisories(readOsv(osvLocation, data));
			osvAdvisories = withOsv.advisories().size() - data.advisories().size();
			data = withOsv;
		}
		return new SelectedAdvisoryData(data, newest.source(), osvAdvisories, this.warnings);
	}

	private @Nullable Candidate readArtifact() {
		ClassLoader classLoader = this.resourceLoader.getClassLoader();
		URL url = (classLoader != null) ? classLoader.getResource(AdvisoryDataReader.ARTIFACT_RESOURCE) : null;
		if (url == null) {
			return null;
		}
		try (InputStream input = url.openStream()) {
			return new Candidate(AdvisoryDataReader.read(input, url.toString()), Source.ARTIFACT);
		}
		catch (IOException | AdvisoryDataException ex) {
			String warning = "The tomcat-latency-advisories artifact could not be read (" + ex.getMessage()
					+ "); falling back to the bundled data.";
			logger.warn(warning);
			this.warnings.add(warning);
			return null;
		}
	}

	private AdvisoryData readLocation(String location) throws IOException {
		try (InputStream input = this.resourceLoader.getResource(location).getInputStream()) {
			return AdvisoryDataReader.read(input, location);
		}
		catch (FileNotFoundException ex) {
			throw new AdvisoryDataException(location, "not found (set by '" + LOCATION_PROPERTY + "')");
		}
	}

	private List<Advisory> readOsv(String location, AdvisoryData data) throws IOException {
		if (!ClassUtils.isPresent(JACKSON, this.resourceLoader.getClassLoader())) {
			throw new InvalidConfigurationPropertyValueException(OSV_LOCATION_PROPERTY, location,
					"Reading OSV records needs Jackson 3 (tools.jackson.core:jackson-databind) on the classpath");
		}
		Resource resource = this.resourceLoader.getResource(location);
		if (!resource.exists() || !resource.isFile()) {
			throw new AdvisoryDataException(location,
					"not found or not a file, folder or zip on the file system (set by '" + OSV_LOCATION_PROPERTY
							+ "')");
		}
		Path path = resource.getFile().toPath();
		return new OsvAdvisoryReader(data.latestReleases().keySet()).read(path);
	}

	private static String name(Source source) {
		return switch (source) {
			case BUNDLED -> "bundled data";
			case ARTIFACT -> "tomcat-latency-advisories artifact";
			case LOCATION -> "data at " + LOCATION_PROPERTY;
		};
	}

	private record Candidate(AdvisoryData data, Source source) {

	}

}
