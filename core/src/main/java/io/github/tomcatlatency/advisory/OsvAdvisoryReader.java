package io.github.tomcatlatency.advisory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.Advisory.Verification;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads advisories in the <a href="https://ossf.github.io/osv-schema/">OSV format</a>
 * (the format of the GitHub Advisory Database and osv.dev) from a JSON file, a folder of
 * JSON files or a zip of them, keeping the affected ranges of Tomcat's Maven packages
 * ({@code org.apache.tomcat.embed:tomcat-embed-core} and
 * {@code org.apache.tomcat:tomcat-*}). A malformed record fails with an
 * {@link AdvisoryDataException} that names the file and the record.
 */
public final class OsvAdvisoryReader {

	private static final String EMBED_CORE = "org.apache.tomcat.embed:tomcat-embed-core";

	private static final String TOMCAT_PREFIX = "org.apache.tomcat:tomcat-";

	private final JsonMapper mapper = JsonMapper.builder().build();

	private final Set<String> branches;

	/**
	 * Create a reader.
	 * @param branches the Tomcat branches the curated data knows, for example
	 * {@code "11.0"}: a range that spans a whole branch is kept only for these
	 */
	public OsvAdvisoryReader(Set<String> branches) {
		this.branches = Set.copyOf(branches);
	}

	/**
	 * Read the OSV records at the given path that concern Tomcat.
	 * @param path a JSON file, a folder of JSON files (searched recursively) or a zip
	 * @return the advisories, one per record that concerns Tomcat, in file name order
	 * @throws IOException if the path cannot be read
	 * @throws AdvisoryDataException if a record is malformed
	 */
	public List<Advisory> read(Path path) throws IOException {
		List<Advisory> advisories = new ArrayList<>();
		if (Files.isDirectory(path)) {
			try (Stream<Path> files = Files.walk(path)) {
				for (Path file : files.filter((candidate) -> candidate.toString().endsWith(".json"))
					.sorted()
					.toList()) {
					try (InputStream input = Files.newInputStream(file)) {
						addRecord(input, file.toString(), advisories);
					}
				}
			}
		}
		else if (path.getFileName().toString().endsWith(".zip")) {
			try (ZipFile zip = new ZipFile(path.toFile())) {
				List<ZipEntry> entries = new ArrayList<>();
				for (Enumeration<? extends ZipEntry> all = zip.entries(); all.hasMoreElements();) {
					ZipEntry entry = all.nextElement();
					if (!entry.isDirectory() && entry.getName().endsWith(".json")) {
						entries.add(entry);
					}
				}
				entries.sort(Comparator.comparing(ZipEntry::getName));
				for (ZipEntry entry : entries) {
					try (InputStream input = zip.getInputStream(entry)) {
						addRecord(input, path + "!/" + entry.getName(), advisories);
					}
				}
			}
		}
		else {
			try (InputStream input = Files.newInputStream(path)) {
				addRecord(input, path.toString(), advisories);
			}
		}
		return advisories;
	}

	private void addRecord(InputStream input, String name, List<Advisory> advisories) {
		JsonNode record;
		try {
			record = this.mapper.readTree(input);
		}
		catch (JacksonException ex) {
			throw new AdvisoryDataException(name, "not a JSON document: " + ex.getOriginalMessage());
		}
		Advisory advisory = new RecordReader(name, record).read();
		if (advisory != null) {
			advisories.add(advisory);
		}
	}

	private final class RecordReader {

		private final String name;

		private final JsonNode record;

		private String id = "?";

		RecordReader(String name, JsonNode record) {
			this.name = name;
			this.record = record;
		}

		@Nullable Advisory read() {
			if (!this.record.isObject()) {
				throw new AdvisoryDataException(this.name, "an OSV record must be a JSON object");
			}
			this.id = requiredString(this.record, "id");
			if (this.record.has("withdrawn")) {
				return null;
			}
			List<String> aliases = new ArrayList<>();
			for (JsonNode alias : array(this.record, "aliases")) {
				aliases.add(text(alias, "aliases"));
			}
			List<AffectedRange> ranges = new ArrayList<>();
			for (JsonNode affected : array(this.record, "affected")) {
				JsonNode pkg = affected.path("package");
				if ("Maven".equals(pkg.path("ecosystem").asString(null)) && isTomcat(pkg.path("name").asString(""))) {
					for (JsonNode range : array(affected, "ranges")) {
						if ("ECOSYSTEM".equals(requiredString(range, "type"))) {
							addRanges(array(range, "events"), ranges);
						}
					}
				}
			}
			if (ranges.isEmpty()) {
				return null;
			}
			String summary = this.record.path("summary").asString(this.id);
			return new Advisory(this.id, Kind.SECURITY, Severity.UNRATED, summary, Set.of(),
					List.copyOf(new LinkedHashSet<>(ranges)), Verification.OSV,
					"https://osv.dev/vulnerability/" + this.id, aliases);
		}

		private boolean isTomcat(String packageName) {
			return packageName.equals(EMBED_CORE) || packageName.startsWith(TOMCAT_PREFIX);
		}

		// OSV events of one range, in order: "introduced" opens an interval that "fixed"
		// (exclusive) or "last_affected" (inclusive) closes. Intervals on branches the
		// data does not track (for example 8.0.0-RC1) are skipped.
		private void addRanges(List<JsonNode> events, List<AffectedRange> ranges) {
			TomcatVersion introduced = null;
			boolean open = false;
			boolean tracked = true;
			for (JsonNode event : events) {
				if (event.has("introduced")) {
					String version = requiredString(event, "introduced");
					introduced = version.equals("0") ? null : version(version);
					tracked = version.equals("0") || introduced != null;
					open = true;
				}
				else if (event.has("fixed") || event.has("last_affected")) {
					if (!open) {
						throw fail("'fixed' or 'last_affected' without a preceding 'introduced'");
					}
					boolean fixed = event.has("fixed");
					TomcatVersion end = version(requiredString(event, fixed ? "fixed" : "last_affected"));
					if (tracked && end != null) {
						addInterval(introduced, end, fixed, ranges);
					}
					open = false;
				}
			}
			if (open && tracked) {
				addInterval(introduced, null, false, ranges);
			}
		}

		private void addInterval(@Nullable TomcatVersion introduced, @Nullable TomcatVersion end, boolean fixed,
				List<AffectedRange> ranges) {
			String endBranch = (end != null) ? end.branch() : null;
			for (String branch : OsvAdvisoryReader.this.branches) {
				TomcatVersion branchStart = TomcatVersion.parse(branch + ".0");
				boolean startsBefore = introduced == null || introduced.branch().equals(branch)
						|| introduced.compareTo(branchStart) < 0;
				boolean endsAfter = end == null || branch.equals(endBranch) || end.compareTo(branchStart) > 0;
				if (!startsBefore || !endsAfter) {
					continue;
				}
				TomcatVersion first = (introduced != null && introduced.branch().equals(branch)) ? introduced : null;
				if (branch.equals(endBranch)) {
					ranges.add(fixed ? AffectedRange.fixedIn(first, end) : AffectedRange.through(first, end));
				}
				else {
					ranges.add(new AffectedRange(first, null, null, branch));
				}
			}
		}

		private @Nullable TomcatVersion version(String text) {
			try {
				return TomcatVersion.parse(text);
			}
			catch (IllegalArgumentException ex) {
				if (OsvAdvisoryReader.this.branches.stream().anyMatch((branch) -> text.startsWith(branch + "."))) {
					throw fail("'" + text + "' is not a Tomcat version");
				}
				return null;
			}
		}

		private List<JsonNode> array(JsonNode node, String field) {
			JsonNode value = node.get(field);
			if (value == null || value.isNull()) {
				return List.of();
			}
			if (!value.isArray()) {
				throw fail("'" + field + "' must be an array");
			}
			return List.copyOf(value.values());
		}

		private String requiredString(JsonNode node, String field) {
			JsonNode value = node.get(field);
			if (value == null) {
				throw fail("missing '" + field + "'");
			}
			return text(value, field);
		}

		private String text(JsonNode value, String field) {
			if (!value.isString() || value.stringValue().isBlank()) {
				throw fail("'" + field + "' must be a non-empty string");
			}
			return value.stringValue();
		}

		private AdvisoryDataException fail(String problem) {
			return new AdvisoryDataException(this.name, "record '" + this.id + "': " + problem);
		}

	}

}
