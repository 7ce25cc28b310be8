package io.github.tomcatlatency.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.VersionRisk.Status;
import io.github.tomcatlatency.scan.ScanVerdict.Applicability;
import io.github.tomcatlatency.scan.ScanVerdict.Finding;
import io.github.tomcatlatency.scan.ScanVerdict.Tomcat;
import io.github.tomcatlatency.scan.ScanVerdict.Upgrade;
import org.jspecify.annotations.Nullable;

/**
 * Writes a {@link ScanVerdict} as lines of text for a console or a build log.
 */
public final class TextReport {

	private static final String INDENT = "  ";

	private TextReport() {
	}

	/**
	 * Return the lines that describe a verdict.
	 * @param verdict the verdict
	 * @return the lines, without line separators
	 */
	public static List<String> lines(ScanVerdict verdict) {
		List<String> lines = new ArrayList<>();
		lines.add(verdict.location());
		lines.add(INDENT + "Spring Boot: " + orNotFound(verdict.springBootVersion()));
		Tomcat tomcat = verdict.tomcat();
		if (tomcat == null) {
			lines.add(INDENT + "Tomcat: not found (no tomcat-embed-core or tomcat-catalina jar): nothing to assess");
		}
		else {
			tomcat(tomcat, lines);
		}
		if (!verdict.staticResourceJars().isEmpty()) {
			lines.add(INDENT + "Static-resource jars (" + verdict.staticResourceJars().size()
					+ "): Tomcat searches each of them on a lookup of a static resource: "
					+ String.join(", ", verdict.staticResourceJars()));
		}
		ScanVerdict.AdvisoryDataState data = verdict.advisoryData();
		lines.add(INDENT + "Advisory data: " + data.source().name().toLowerCase(Locale.ROOT) + ", dated "
				+ data.dataDate() + ((data.osvAdvisories() > 0) ? ", " + data.osvAdvisories() + " from OSV" : ""));
		data.warnings().forEach((warning) -> lines.add(INDENT + "Warning: " + warning));
		return lines;
	}

	private static void tomcat(Tomcat tomcat, List<String> lines) {
		lines.add(INDENT + "Tomcat: " + tomcat.version()
				+ ((tomcat.artifact() != null) ? " (" + tomcat.artifact() + ")" : ""));
		lines.add(INDENT + "Status: " + status(tomcat));
		if (tomcat.status().isCovered() || !tomcat.advisories().isEmpty()) {
			lines.add(INDENT + "Highest rating: " + tomcat.highestSeverity()
					+ (tomcat.status().isCovered() ? "" : " among the advisories known (not a complete list)"));
		}
		if (!tomcat.advisories().isEmpty()) {
			lines.add(INDENT + "Affecting advisories and latency bugs (" + tomcat.advisories().size() + "):");
			tomcat.advisories().forEach((finding) -> lines.add(INDENT + INDENT + finding(finding)));
		}
		Upgrade remedy = tomcat.remedy();
		if (remedy != null) {
			remedy(remedy, lines);
		}
	}

	private static String status(Tomcat tomcat) {
		Status status = tomcat.status();
		String behind = tomcat.releasesBehind() + " release" + ((tomcat.releasesBehind() != 1) ? "s" : "") + " behind "
				+ tomcat.latestKnownRelease();
		return switch (status) {
			case CURRENT -> "current, the latest known " + tomcat.branch() + " release";
			case BEHIND -> "behind, " + behind;
			case END_OF_LIFE -> "end of life: Tomcat no longer supports " + tomcat.branch()
					+ ", so its later vulnerabilities are not tracked (" + behind
					+ ", its last release); move to a supported branch";
			case UNKNOWN_NEWER_THAN_DATA -> "newer than the advisory data (latest known " + tomcat.latestKnownRelease()
					+ "): its advisories are unknown, not absent; use newer advisory data";
			case UNSUPPORTED_BRANCH -> "branch " + tomcat.branch() + " is not known to the advisory data: risk unknown";
			case UNKNOWN_VERSION -> "the version cannot be read: risk unknown";
		};
	}

	private static String finding(Finding finding) {
		String rating = (finding.kind() == Kind.PERFORMANCE) ? "latency bug"
				: finding.rating().name().toLowerCase(Locale.ROOT);
		String applies = (finding.applies() == Applicability.YES) ? "applies" : "may apply (needs "
				+ (finding.osv() ? "unknown components" : String.join(", ", finding.components())) + ")";
		String fix = (finding.fixedIn() != null) ? "fixed in " + finding.fixedIn() : (finding.lastAffected() != null)
				? "no fix named, last affected " + finding.lastAffected() : "no fix named";
		return finding.id() + " [" + rating + "] " + finding.title() + "; " + applies + "; " + fix + "; "
				+ finding.source();
	}

	private static void remedy(Upgrade remedy, List<String> lines) {
		lines.add(INDENT + "Remedy: Tomcat " + remedy.version());
		lines.add(INDENT + INDENT + "Maven:  " + remedy.maven());
		lines.add(INDENT + INDENT + "Gradle: " + remedy.gradle());
		lines.add(INDENT + INDENT + (remedy.springBootReleases().isEmpty()
				? "No Spring Boot release known to the data ships it: override the managed Tomcat with the line above"
				: "Spring Boot releases that ship it: " + String.join(", ", remedy.springBootReleases())));
		if (!remedy.fixUnconfirmed().isEmpty()) {
			lines.add(INDENT + INDENT + "Fix not confirmed by a source for: "
					+ String.join(", ", remedy.fixUnconfirmed()));
		}
		if (!remedy.fixUnknown().isEmpty()) {
			lines.add(INDENT + INDENT + "Not fixed by it, as far as the data knows: "
					+ String.join(", ", remedy.fixUnknown()));
		}
	}

	private static String orNotFound(@Nullable String value) {
		return (value != null) ? value : "not found";
	}

}
