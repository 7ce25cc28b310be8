package io.github.tomcatlatency.advisory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.tomcatlatency.advisory.Advisory.Kind;
import io.github.tomcatlatency.advisory.VersionRisk.Finding;
import io.github.tomcatlatency.advisory.VersionRisk.Remedy;
import io.github.tomcatlatency.advisory.VersionRisk.Status;
import org.jspecify.annotations.Nullable;

/**
 * Assesses a Tomcat version against {@link AdvisoryData}.
 */
public final class VersionRiskAssessor {

	private final AdvisoryData data;

	/**
	 * Create a new assessor.
	 * @param data the advisory data
	 */
	public VersionRiskAssessor(AdvisoryData data) {
		this.data = data;
	}

	/**
	 * Assess the given running version.
	 * @param running the running Tomcat version
	 * @return the known risk of running it
	 */
	public VersionRisk assess(TomcatVersion running) {
		LatestRelease latest = this.data.latestRelease(running.branch());
		if (latest == null) {
			return new VersionRisk(running, Status.UNSUPPORTED_BRANCH, null, 0, this.data.dataDate(), List.of(),
					Severity.NONE, null);
		}
		List<Finding> findings = new ArrayList<>();
		for (Advisory advisory : this.data.advisories()) {
			AffectedRange range = advisory.rangeContaining(running);
			if (range != null) {
				findings.add(finding(advisory, range));
			}
		}
		// Latency bugs carry no security rating
		Severity highest = findings.stream()
			.filter((finding) -> finding.kind() == Kind.SECURITY)
			.map(Finding::rating)
			.max(Comparator.naturalOrder())
			.orElse(Severity.NONE);
		return new VersionRisk(running, status(running, latest.version()), latest,
				releasesBehind(running, latest.version()), this.data.dataDate(), findings, highest,
				remedy(findings, latest.version()));
	}

	private Finding finding(Advisory advisory, AffectedRange range) {
		TomcatVersion fixedIn = (range.fixedIn() != null) ? firstReleased(range.fixedIn()) : null;
		return new Finding(advisory.id(), advisory.kind(), advisory.rating(), advisory.title(), advisory.components(),
				fixedIn, range.lastAffected(), advisory.verification(), advisory.source(), advisory.aliases());
	}

	private Status status(TomcatVersion running, TomcatVersion latest) {
		if (this.data.isEndOfLife(running.branch())) {
			return Status.END_OF_LIFE;
		}
		int comparison = running.compareTo(latest);
		return (comparison > 0) ? Status.UNKNOWN_NEWER_THAN_DATA : (comparison == 0) ? Status.CURRENT : Status.BEHIND;
	}

	private int releasesBehind(TomcatVersion running, TomcatVersion latest) {
		// All milestones of a release count as one step towards it
		TomcatVersion candidate = new TomcatVersion(running.major(), running.minor(),
				running.isMilestone() ? running.patch() : running.patch() + 1, 0);
		int behind = 0;
		while (candidate.compareTo(latest) <= 0) {
			if (this.data.isReleased(candidate)) {
				behind++;
			}
			candidate = candidate.next();
		}
		return behind;
	}

	private @Nullable Remedy remedy(List<Finding> findings, TomcatVersion latest) {
		if (findings.isEmpty()) {
			return null;
		}
		TomcatVersion version = null;
		List<String> unconfirmed = new ArrayList<>();
		List<String> unknown = new ArrayList<>();
		for (Finding finding : findings) {
			TomcatVersion outside = finding.fixedIn();
			if (outside == null) {
				outside = (finding.lastAffected() != null) ? firstReleasedAfter(finding.lastAffected(), latest) : null;
				((outside != null) ? unconfirmed : unknown).add(finding.id());
			}
			if (outside != null && (version == null || outside.compareTo(version) > 0)) {
				version = outside;
			}
		}
		if (version == null) {
			version = latest;
		}
		return new Remedy(version, bootReleasesWith(version), unconfirmed, unknown);
	}

	// The first release of each Spring Boot line (major.minor) that ships the version or
	// a newer one of the same branch; milestones are not for production
	private List<String> bootReleasesWith(TomcatVersion version) {
		Map<String, String> firstPerLine = new LinkedHashMap<>();
		this.data.bootReleases()
			.stream()
			.filter((boot) -> !boot.isMilestone() && boot.tomcatVersion().branch().equals(version.branch())
					&& boot.tomcatVersion().compareTo(version) >= 0)
			.forEach((boot) -> firstPerLine.putIfAbsent(boot.line(), boot.version()));
		return List.copyOf(firstPerLine.values());
	}

	// Advisories sometimes name a version whose release was abandoned: the fix ships in
	// the next one
	private TomcatVersion firstReleased(TomcatVersion version) {
		TomcatVersion candidate = version;
		while (!this.data.isReleased(candidate)) {
			candidate = candidate.next();
		}
		return candidate;
	}

	private @Nullable TomcatVersion firstReleasedAfter(TomcatVersion lastAffected, TomcatVersion latest) {
		TomcatVersion candidate = firstReleased(lastAffected.next());
		return (candidate.compareTo(latest) <= 0) ? candidate : null;
	}

}
