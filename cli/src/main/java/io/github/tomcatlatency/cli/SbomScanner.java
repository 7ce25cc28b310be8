package io.github.tomcatlatency.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.github.tomcatlatency.scan.ApplicationContents;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;

/**
 * Finds the Tomcat, the Spring Boot and the static-resource jars that a CycloneDX SBOM
 * (JSON) lists, for builds that publish one instead of, or beside, the jar. The SBOM is
 * parsed as a stream with bounded size and depth and only the few components the verdict
 * needs are kept, so a huge or hostile file costs no more memory than a small one.
 */
final class SbomScanner {

	/**
	 * The largest SBOM read; a larger one is refused before it is parsed.
	 */
	static final long MAX_SIZE = 64L * 1024 * 1024;

	/**
	 * The deepest nesting of JSON objects and arrays read.
	 */
	static final int MAX_DEPTH = 100;

	/**
	 * The longest string read among the fields the scanner uses (names, versions,
	 * references); longer strings it skips are not limited.
	 */
	static final int MAX_STRING_LENGTH = 64 * 1024;

	/**
	 * The most components, nested ones included, an SBOM may list; more is not an
	 * application.
	 */
	static final int MAX_COMPONENTS = 100_000;

	/**
	 * The most Tomcat versions an SBOM may list, each of which gets a verdict.
	 */
	static final int MAX_TOMCAT_VERSIONS = 100;

	// How far past leading white space a file is looked at to tell JSON from an archive
	private static final int SNIFF_LENGTH = 4096;

	private static final Pattern SPEC_VERSION = Pattern.compile("1\\.\\d{1,3}");

	private static final String SPRING_BOOT_GROUP = "org.springframework.boot";

	private static final JsonFactory JSON = JsonFactory.builder()
		.streamReadConstraints(StreamReadConstraints.builder()
			.maxDocumentLength(MAX_SIZE)
			.maxNestingDepth(MAX_DEPTH)
			.maxStringLength(MAX_STRING_LENGTH)
			.maxNameLength(MAX_STRING_LENGTH)
			.build())
		// Property names are not kept: a hostile file's many names fill no symbol table
		.disable(TokenStreamFactory.Feature.CANONICALIZE_PROPERTY_NAMES)
		.build();

	/**
	 * Return whether a path is a file that holds JSON rather than an archive: its first
	 * character after white space (and a byte order mark) opens an object or an array.
	 * @param path the path given
	 * @return whether it should be read as an SBOM
	 */
	static boolean isJson(Path path) {
		if (!Files.isRegularFile(path)) {
			return false;
		}
		try (InputStream input = Files.newInputStream(path)) {
			byte[] start = input.readNBytes(SNIFF_LENGTH);
			int i = (start.length >= 3 && (start[0] & 0xFF) == 0xEF && (start[1] & 0xFF) == 0xBB
					&& (start[2] & 0xFF) == 0xBF) ? 3 : 0;
			while (i < start.length && Character.isWhitespace(start[i])) {
				i++;
			}
			return i < start.length && (start[i] == '{' || start[i] == '[');
		}
		catch (IOException ex) {
			// Left to the archive scanner, which names the failure
			return false;
		}
	}

	/**
	 * Scan a CycloneDX SBOM.
	 * @param path a JSON file
	 * @return what it lists
	 * @throws ScanException if the file is not a CycloneDX SBOM, is larger or deeper than
	 * the scanner reads, or cannot be read
	 */
	Sbom scan(Path path) throws ScanException {
		try {
			long size = Files.size(path);
			if (size > MAX_SIZE) {
				throw new ScanException(path + ": larger than " + MAX_SIZE / (1024 * 1024)
						+ " MB, more than the scanner reads of an SBOM");
			}
			Components components = new Components(path);
			parse(path, components, false);
			components.check();
			if (components.needsDependencies()) {
				parse(path, components, true);
			}
			return new Sbom(components.specVersion, components.toApplicationContents());
		}
		catch (StreamConstraintsException ex) {
			// "Document nesting depth (101) exceeds the maximum allowed (100, from
			// `StreamReadConstraints.getMaxNestingDepth()`)"
			throw new ScanException(path + ": " + oneLine(ex.getOriginalMessage()).replaceAll(", from `[^`]*`", "")
					+ ": more than the scanner reads of an SBOM");
		}
		catch (JacksonException ex) {
			TokenStreamLocation location = ex.getLocation();
			throw new ScanException(path
					+ ": not valid JSON (" + ((location != null)
							? "line " + location.getLineNr() + ", column " + location.getColumnNr() + ": " : "")
					+ oneLine(ex.getOriginalMessage()) + ")");
		}
		catch (IOException | RuntimeException ex) {
			throw new ScanException(path + ": cannot be read (" + ex.getMessage() + ")");
		}
	}

	// The first pass reads the components, the second, if needed, the dependencies
	private static void parse(Path path, Components components, boolean dependencies)
			throws IOException, ScanException {
		try (InputStream input = Files.newInputStream(path);
				JsonParser parser = JSON.createParser(ObjectReadContext.empty(), input)) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				throw components.notAnSbom();
			}
			String name;
			while ((name = parser.nextName()) != null) {
				JsonToken token = parser.nextToken();
				if (dependencies) {
					if (name.equals("dependencies")) {
						dependencies(parser, token, components);
					}
					else {
						parser.skipChildren();
					}
					continue;
				}
				switch (name) {
					case "bomFormat" -> components.format(string(parser, token, components));
					case "specVersion" -> components.specVersion = string(parser, token, components);
					case "components" -> components(parser, token, components);
					default -> parser.skipChildren();
				}
			}
		}
	}

	private static void components(JsonParser parser, JsonToken token, Components components) throws ScanException {
		components.expect(token, JsonToken.START_ARRAY, "components");
		JsonToken next;
		while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
			components.expect(next, JsonToken.START_OBJECT, "a component");
			component(parser, components);
		}
	}

	private static void component(JsonParser parser, Components components) throws ScanException {
		Component component = new Component();
		String name;
		while ((name = parser.nextName()) != null) {
			JsonToken token = parser.nextToken();
			switch (name) {
				case "group" -> component.group = string(parser, token, components);
				case "name" -> component.name = string(parser, token, components);
				case "version" -> component.version = string(parser, token, components);
				case "purl" -> component.purl = string(parser, token, components);
				case "bom-ref" -> component.ref = string(parser, token, components);
				case "scope" -> component.scope = string(parser, token, components);
				// Components a component includes: each counts on its own
				case "components" -> components(parser, token, components);
				default -> parser.skipChildren();
			}
		}
		components.add(component);
	}

	private static void dependencies(JsonParser parser, JsonToken token, Components components) throws ScanException {
		components.expect(token, JsonToken.START_ARRAY, "dependencies");
		JsonToken next;
		while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
			components.expect(next, JsonToken.START_OBJECT, "a dependency");
			String ref = null;
			List<String> dependsOn = new ArrayList<>();
			String name;
			while ((name = parser.nextName()) != null) {
				JsonToken value = parser.nextToken();
				if (name.equals("ref")) {
					ref = string(parser, value, components);
				}
				else if (name.equals("dependsOn")) {
					components.expect(value, JsonToken.START_ARRAY, "dependsOn");
					JsonToken target;
					while ((target = parser.nextToken()) != JsonToken.END_ARRAY) {
						String targetRef = string(parser, target, components);
						// Only the edges into a Tomcat are kept
						if (components.isTomcatRef(targetRef)) {
							dependsOn.add(targetRef);
						}
					}
				}
				else {
					parser.skipChildren();
				}
			}
			if (ref != null) {
				for (String target : dependsOn) {
					components.dependency(ref, target);
				}
			}
		}
	}

	private static @Nullable String string(JsonParser parser, JsonToken token, Components components)
			throws ScanException {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		components.expect(token, JsonToken.VALUE_STRING, "'" + parser.currentName() + "'");
		return parser.getString();
	}

	private static String oneLine(String message) {
		return message.replaceAll("\\s+", " ").strip();
	}

	/**
	 * What an SBOM lists.
	 *
	 * @param specVersion the CycloneDX version it follows, for example {@code "1.6"}
	 * @param applications one per Tomcat version it lists, in their order (one with no
	 * Tomcat when it lists none)
	 */
	record Sbom(String specVersion, List<ApplicationContents> applications) {

	}

	/**
	 * The fields of a component the scanner reads.
	 */
	private static final class Component {

		private @Nullable String group;

		private @Nullable String name;

		private @Nullable String version;

		private @Nullable String purl;

		private @Nullable String ref;

		private @Nullable String scope;

		// pkg:maven/org.apache.tomcat.embed/tomcat-embed-core@8.5.31?type=jar
		void completeFromPurl() {
			if (this.purl == null || !this.purl.startsWith("pkg:maven/")
					|| (this.group != null && this.name != null && this.version != null)) {
				return;
			}
			String rest = this.purl.substring("pkg:maven/".length());
			int end = indexOfAny(rest, "?#");
			rest = (end >= 0) ? rest.substring(0, end) : rest;
			int at = rest.indexOf('@');
			String coordinates = (at >= 0) ? rest.substring(0, at) : rest;
			int slash = coordinates.lastIndexOf('/');
			if (slash < 0) {
				return;
			}
			this.group = (this.group != null) ? this.group : decode(coordinates.substring(0, slash));
			this.name = (this.name != null) ? this.name : decode(coordinates.substring(slash + 1));
			if (this.version == null && at >= 0) {
				this.version = decode(rest.substring(at + 1));
			}
		}

		boolean is(String group, String name) {
			return group.equals(this.group) && name.equals(this.name);
		}

		private static int indexOfAny(String string, String characters) {
			for (int i = 0; i < string.length(); i++) {
				if (characters.indexOf(string.charAt(i)) >= 0) {
					return i;
				}
			}
			return -1;
		}

		private static String decode(String part) {
			try {
				return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
			}
			catch (IllegalArgumentException ex) {
				return part;
			}
		}

	}

	/**
	 * What the components read so far tell.
	 */
	private static final class Components {

		private final Path path;

		private @Nullable String format;

		private @Nullable String specVersion;

		private int count;

		// Tomcat version -> the coordinates of the first component of that version
		private final Map<String, String> tomcats = new LinkedHashMap<>();

		// bom-ref of a Tomcat component -> its version
		private final Map<String, String> tomcatRefs = new HashMap<>();

		private @Nullable String springBootVersion;

		private boolean severalSpringBootVersions;

		// bom-ref of an org.springframework.boot component -> its version, the Spring
		// Boot version
		private final Map<String, String> springBootRefs = new HashMap<>();

		// Tomcat version -> the Spring Boot version of a Spring Boot component that
		// depends on it; "" when they disagree
		private final Map<String, String> springBootOfTomcat = new HashMap<>();

		private final List<String> staticResourceJars = new ArrayList<>();

		Components(Path path) {
			this.path = path;
		}

		// Known as soon as it is read: a JSON file that says it is something else is
		// not read any further
		void format(@Nullable String format) throws ScanException {
			this.format = format;
			if (!isCycloneDx()) {
				throw notAnSbom();
			}
		}

		void check() throws ScanException {
			if (!isCycloneDx()) {
				throw notAnSbom();
			}
			if (this.specVersion == null || !SPEC_VERSION.matcher(this.specVersion).matches()) {
				throw new ScanException(this.path + ": CycloneDX specVersion "
						+ ((this.specVersion != null) ? "'" + this.specVersion + "'" : "missing")
						+ ", not one the scanner reads (1.x)");
			}
		}

		private boolean isCycloneDx() {
			return "CycloneDX".equals(this.format);
		}

		ScanException notAnSbom() {
			return new ScanException(this.path + ": JSON, but not a CycloneDX SBOM (no \"bomFormat\": \"CycloneDX\")");
		}

		void expect(@Nullable JsonToken token, JsonToken expected, String what) throws ScanException {
			if (token != expected) {
				throw isCycloneDx() ? new ScanException(this.path + ": not a CycloneDX SBOM the scanner reads: " + what
						+ " is " + describe(token) + ", not " + describe(expected)) : notAnSbom();
			}
		}

		private static String describe(@Nullable JsonToken token) {
			if (token == null) {
				return "missing";
			}
			return switch (token) {
				case START_OBJECT -> "an object";
				case START_ARRAY -> "an array";
				case VALUE_STRING -> "a string";
				case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
				case VALUE_TRUE, VALUE_FALSE -> "a boolean";
				case VALUE_NULL -> "null";
				default -> token.name();
			};
		}

		void add(Component component) throws ScanException {
			if (++this.count > MAX_COMPONENTS) {
				throw new ScanException(
						this.path + ": more than " + MAX_COMPONENTS + " components, not an application");
			}
			// A component excluded from the runtime (test scope) is not in the
			// application
			if ("excluded".equals(component.scope)) {
				return;
			}
			component.completeFromPurl();
			if (component.is("org.apache.tomcat.embed", "tomcat-embed-core")
					|| component.is("org.apache.tomcat", "tomcat-catalina")) {
				tomcat(component);
			}
			if (SPRING_BOOT_GROUP.equals(component.group) && component.version != null) {
				if (component.ref != null) {
					this.springBootRefs.put(component.ref, component.version);
				}
				if ("spring-boot".equals(component.name)) {
					springBoot(component.version);
				}
			}
			if (component.group != null && component.name != null
					&& (component.group.startsWith("org.webjars") || component.name.contains("swagger-ui"))) {
				this.staticResourceJars
					.add(component.name + ((component.version != null) ? "-" + component.version : "") + ".jar");
			}
		}

		private void tomcat(Component component) throws ScanException {
			// Listed without a version: found, but its risk is unknown
			String version = (component.version != null) ? component.version : "unknown";
			if (!this.tomcats.containsKey(version) && this.tomcats.size() == MAX_TOMCAT_VERSIONS) {
				throw new ScanException(
						this.path + ": more than " + MAX_TOMCAT_VERSIONS + " Tomcat versions, not an application");
			}
			this.tomcats.putIfAbsent(version, component.group + ":" + component.name
					+ ((component.version != null) ? ":" + component.version : ""));
			if (component.ref != null) {
				this.tomcatRefs.put(component.ref, version);
			}
		}

		private void springBoot(String version) {
			if (this.springBootVersion == null) {
				this.springBootVersion = version;
			}
			else if (!this.springBootVersion.equals(version)) {
				this.severalSpringBootVersions = true;
			}
		}

		// Which Spring Boot goes with which Tomcat is read from the dependencies only
		// when the SBOM lists more than one of each
		boolean needsDependencies() {
			return this.severalSpringBootVersions && !this.tomcats.isEmpty();
		}

		boolean isTomcatRef(String ref) {
			return this.tomcatRefs.containsKey(ref);
		}

		void dependency(String ref, String tomcatRef) {
			String springBoot = this.springBootRefs.get(ref);
			if (springBoot != null) {
				this.springBootOfTomcat.merge(this.tomcatRefs.get(tomcatRef), springBoot,
						(known, other) -> known.equals(other) ? known : "");
			}
		}

		List<ApplicationContents> toApplicationContents() {
			String location = this.path.toString();
			if (this.tomcats.isEmpty()) {
				return List.of(new ApplicationContents(location, null, null, springBootVersion(null),
						this.staticResourceJars));
			}
			List<ApplicationContents> applications = new ArrayList<>();
			this.tomcats.forEach((version, artifact) -> applications.add(new ApplicationContents(location, version,
					artifact, springBootVersion(version), this.staticResourceJars)));
			return applications;
		}

		// The one Spring Boot version listed or, when there are several, that of a
		// Spring Boot component that depends on the Tomcat (spring-boot-starter-tomcat,
		// spring-boot-tomcat); none when that is not one either
		private @Nullable String springBootVersion(@Nullable String tomcatVersion) {
			if (!this.severalSpringBootVersions) {
				return this.springBootVersion;
			}
			String paired = (tomcatVersion != null) ? this.springBootOfTomcat.get(tomcatVersion) : null;
			return (paired != null && !paired.isEmpty()) ? paired : null;
		}

	}

}
