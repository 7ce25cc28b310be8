package io.github.tomcatlatency.autoconfigure.advisory;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;

import io.github.tomcatlatency.advisory.Advisory;
import io.github.tomcatlatency.advisory.AdvisoryData;
import io.github.tomcatlatency.advisory.AdvisoryDataException;
import io.github.tomcatlatency.advisory.AdvisoryDataReader;
import io.github.tomcatlatency.advisory.AdvisoryDataSelection;
import io.github.tomcatlatency.advisory.OsvAdvisoryReader;
import io.github.tomcatlatency.advisory.SelectedAdvisoryData;
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

	AdvisoryDataLoader(Advisories properties, ResourceLoader resourceLoader) {
		this.properties = properties;
		this.resourceLoader = resourceLoader;
	}

	SelectedAdvisoryData load() throws IOException {
		AdvisoryDataSelection selection = new AdvisoryDataSelection();
		String artifactWarning = selection.addArtifact(this.resourceLoader.getClassLoader());
		if (artifactWarning != null) {
			logger.warn(artifactWarning);
		}
		String location = this.properties.getLocation();
		AdvisoryData locationData = (location != null) ? readLocation(location, selection) : null;
		if (locationData != null) {
			selection.addLocation(locationData, LOCATION_PROPERTY);
		}
		SelectedAdvisoryData selected = selection.select();
		String osvLocation = this.properties.getOsvLocation();
		if (osvLocation == null) {
			return selected;
		}
		AdvisoryData data = selected.data();
		AdvisoryData withOsv = data.withOsvAdvisories(readOsv(osvLocation, data));
		return new SelectedAdvisoryData(withOsv, selected.source(),
				withOsv.advisories().size() - data.advisories().size(), selected.warnings());
	}

	// A file or class path resource only (the property says so): nothing that could hold
	// the start on a network. What cannot be read is skipped, as an unreadable artifact
	// is: the application starts on the other data.
	private @Nullable AdvisoryData readLocation(String location, AdvisoryDataSelection selection) {
		try (InputStream input = this.resourceLoader.getResource(location).getInputStream()) {
			return AdvisoryDataReader.read(input, location);
		}
		catch (FileNotFoundException ex) {
			logger.warn(selection.skipLocation(LOCATION_PROPERTY, location + " not found"));
		}
		catch (IOException | AdvisoryDataException ex) {
			logger.warn(selection.skipLocation(LOCATION_PROPERTY, ex.getMessage()));
		}
		return null;
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

}
