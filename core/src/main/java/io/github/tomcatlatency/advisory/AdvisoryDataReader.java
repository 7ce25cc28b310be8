package io.github.tomcatlatency.advisory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.Advisory.Verification;
import org.jspecify.annotations.Nullable;

/**
 * Reads {@link AdvisoryData} from the line-based format described at the top of the
 * bundled {@value #BUNDLED_RESOURCE}. Any malformed line fails with an
 * {@link AdvisoryDataException} that names the data and the line.
 */
public final class AdvisoryDataReader {

	/**
	 * Name of the bundled data file, in this package.
	 */
	public static final String BUNDLED_RESOURCE = "tomcat-advisories.txt";

	/**
	 * Classpath location of the data in the {@code tomcat-latency-advisories} artifact.
	 */
	public static final String ARTIFACT_RESOURCE = "META-INF/tomcat-latency/tomcat-advisories.txt";

	private static final Pattern HEADER = Pattern.compile("([a-z][a-z-]*):(.*)");

	private static final Pattern FIX = Pattern
		.compile("(?:(fix-unknown)\\s+through\\s+)?(\\S+)(?:\\s+since\\s+(\\S+))?");

	private static final Pattern WHITESPACE = Pattern.compile("\\s+");

	private static final int FIELD_COUNT = 8;

	private final String name;

	private int lineNumber;

	private @Nullable LocalDate dataDate;

	private final Map<String, LatestRelease> latestReleases = new LinkedHashMap<>();

	private final Set<String> endOfLifeBranches = new LinkedHashSet<>();

	private final Set<TomcatVersion> unreleasedVersions = new HashSet<>();

	private final List<BootRelease> bootReleases = new ArrayList<>();

	private final Map<String, Advisory> advisories = new LinkedHashMap<>();

	private AdvisoryDataReader(String name) {
		this.name = name;
	}

	/**
	 * Read advisory data.
	 * @param input the UTF-8 data, not closed by this method
	 * @param name the name used in error messages, for example a file name
	 * @return the advisory data
	 * @throws IOException if the input cannot be read
	 * @throws AdvisoryDataException if the data is malformed
	 */
	public static AdvisoryData read(InputStream input, String name) throws IOException {
		BufferedReader reader = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8));
		return new AdvisoryDataReader(name).read(reader);
	}

	/**
	 * Read the advisory data bundled with this library. Parse it once and keep the
	 * result.
	 * @return the bundled advisory data
	 * @throws AdvisoryDataException if the data is malformed
	 */
	public static AdvisoryData readBundled() {
		try (InputStream input = AdvisoryDataReader.class.getResourceAsStream(BUNDLED_RESOURCE)) {
			if (input == null) {
				throw new IllegalStateException("Bundled " + BUNDLED_RESOURCE + " not found");
			}
			return read(input, BUNDLED_RESOURCE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Unable to read bundled " + BUNDLED_RESOURCE, ex);
		}
	}

	private AdvisoryData read(BufferedReader reader) throws IOException {
		String line;
		while ((line = reader.readLine()) != null) {
			this.lineNumber++;
			String content = line.strip();
			if (!content.isEmpty() && !content.startsWith("#")) {
				readLine(content);
			}
		}
		if (this.dataDate == null) {
			throw new AdvisoryDataException(this.name, "missing required header 'data-date'");
		}
		return new AdvisoryData(this.dataDate, this.latestReleases, this.endOfLifeBranches, this.unreleasedVersions,
				this.bootReleases, List.copyOf(this.advisories.values()));
	}

	private void readLine(String line) {
		Matcher header = HEADER.matcher(line);
		if (!header.matches() || line.contains("|")) {
			readAdvisory(line);
			return;
		}
		String key = header.group(1);
		if (!this.advisories.isEmpty()) {
			throw fail("header '" + key + "' must come before the first advisory");
		}
		String value = header.group(2).strip();
		if (value.isEmpty()) {
			throw fail("header '" + key + "' needs a value");
		}
		readHeader(key, WHITESPACE.split(value));
	}

	private void readHeader(String key, String[] values) {
		switch (key) {
			case "data-date" -> readDataDate(values);
			case "latest" -> readLatest(values);
			case "end-of-life" -> readEndOfLife(values);
			case "unreleased" -> readUnreleased(values);
			case "boot" -> readBoot(values);
			default -> throw fail("unknown header '" + key + "'");
		}
	}

	private void readDataDate(String[] values) {
		if (this.dataDate != null || values.length != 1) {
			throw fail("expected a single 'data-date' with one date");
		}
		this.dataDate = date(values[0]);
	}

	private void readLatest(String[] values) {
		if (values.length > 2) {
			throw fail("expected a Tomcat version and an optional release date");
		}
		TomcatVersion version = version(values[0]);
		LocalDate releaseDate = (values.length > 1) ? date(values[1]) : null;
		if (this.latestReleases.putIfAbsent(version.branch(), new LatestRelease(version, releaseDate)) != null) {
			throw fail("duplicate 'latest' for branch '" + version.branch() + "'");
		}
	}

	private void readEndOfLife(String[] branches) {
		for (String branch : branches) {
			knownLatest(branch);
			this.endOfLifeBranches.add(branch);
		}
	}

	private void readUnreleased(String[] versions) {
		for (String version : versions) {
			this.unreleasedVersions.add(version(version));
		}
	}

	private void readBoot(String[] values) {
		if (values.length != 2) {
			throw fail("expected a Spring Boot version and a Tomcat version");
		}
		this.bootReleases.add(new BootRelease(values[0], version(values[1])));
	}

	private void readAdvisory(String line) {
		String[] fields = line.split("\\|", -1);
		if (fields.length != FIELD_COUNT) {
			throw fail("expected " + FIELD_COUNT + " fields separated by '|' but found " + fields.length);
		}
		for (int i = 0; i < fields.length; i++) {
			fields[i] = fields[i].strip();
			if (fields[i].isEmpty()) {
				throw fail("field " + (i + 1) + " is empty");
			}
		}
		String id = fields[0];
		String source = fields[7];
		if (!source.startsWith("https://")) {
			throw fail("source '" + source + "' is not an https URL");
		}
		Verification verification = token(Verification.class, fields[6], "verification");
		if (verification == Verification.OSV) {
			throw fail("verification 'osv' is for OSV records, not for curated data");
		}
		Advisory advisory = new Advisory(id, token(Kind.class, fields[1], "kind"), rating(fields[2]), fields[3],
				components(fields[4]), affected(fields[5]), verification, source, List.of());
		if (this.advisories.putIfAbsent(id, advisory) != null) {
			throw fail("duplicate advisory '" + id + "'");
		}
	}

	private Severity rating(String rating) {
		return switch (rating) {
			case "Critical" -> Severity.CRITICAL;
			case "Important" -> Severity.IMPORTANT;
			case "Moderate" -> Severity.MODERATE;
			case "Low" -> Severity.LOW;
			case "unknown", "-" -> Severity.UNRATED;
			default -> throw fail(
					"unknown rating '" + rating + "' (expected Critical, Important, Moderate, Low, unknown or -)");
		};
	}

	private Set<Component> components(String field) {
		Set<Component> components = EnumSet.noneOf(Component.class);
		for (String component : field.split(",")) {
			components.add(token(Component.class, component.strip(), "component"));
		}
		return components;
	}

	private List<AffectedRange> affected(String field) {
		Map<String, AffectedRange> affected = new LinkedHashMap<>();
		for (String entry : field.split(",")) {
			Matcher matcher = FIX.matcher(entry.strip());
			if (!matcher.matches()) {
				throw fail("expected '<fixed version> [since <version>]' or "
						+ "'fix-unknown through <last affected version> [since <version>]' but found '" + entry.strip()
						+ "'");
			}
			boolean fixUnknown = matcher.group(1) != null;
			TomcatVersion end = version(matcher.group(2));
			TomcatVersion firstAffected = (matcher.group(3) != null) ? version(matcher.group(3)) : null;
			String branch = end.branch();
			TomcatVersion latest = knownLatest(branch).version();
			if (end.compareTo(latest) > 0) {
				throw fail((fixUnknown ? "last affected" : "fixed") + " version " + end
						+ " is newer than the latest known " + branch + " release " + latest);
			}
			AffectedRange range = fixUnknown ? AffectedRange.through(firstAffected, end)
					: AffectedRange.fixedIn(firstAffected, end);
			// The first affected version must itself be in the range: same branch, not
			// after its end
			if (firstAffected != null && !range.contains(firstAffected)) {
				throw fail("first affected version " + firstAffected + " must be in the range that ends at " + end
						+ " on the same branch");
			}
			if (affected.put(branch, range) != null) {
				throw fail("more than one range for branch '" + branch + "'");
			}
		}
		return List.copyOf(affected.values());
	}

	private LatestRelease knownLatest(String branch) {
		LatestRelease latest = this.latestReleases.get(branch);
		if (latest == null) {
			throw fail("unknown branch '" + branch + "'");
		}
		return latest;
	}

	private TomcatVersion version(String text) {
		try {
			return TomcatVersion.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw fail("invalid version '" + text + "'");
		}
	}

	private LocalDate date(String text) {
		try {
			return LocalDate.parse(text);
		}
		catch (DateTimeParseException ex) {
			throw fail("invalid date '" + text + "' (expected yyyy-mm-dd)");
		}
	}

	// The data writes enum constants in lower case with '-' for '_'
	private <E extends Enum<E>> E token(Class<E> type, String token, String description) {
		for (E candidate : type.getEnumConstants()) {
			if (candidate.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(token)) {
				return candidate;
			}
		}
		throw fail("unknown " + description + " '" + token + "'");
	}

	private AdvisoryDataException fail(String problem) {
		return new AdvisoryDataException(this.name, this.lineNumber, problem);
	}

}
