package io.github.tomcatlatency.advisory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

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
			AffectedRange range = advisory.affectedRange(running.branch());
			if (range != null && range.contains(running)) {
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
				releasesBehind(running, latest.version()), this.data.dataDate(), findings, highest, remedy(findings));
	}

	private Finding finding(Advisory advisory, AffectedRange range) {
		return new Finding(advisory.id(), advisory.kind(), advisory.rating(), advisory.title(), advisory.components(),
				firstReleased(range.fixedIn()), advisory.source());
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

	private @Nullable Remedy remedy(List<Finding> findings) {
		return findings.stream()
			.map(Finding::fixedIn)
			.max(Comparator.naturalOrder())
			.map((version) -> new Remedy(version, bootReleasesWith(version)))
			.orElse(null);
	}

	private List<String> bootReleasesWith(TomcatVersion version) {
		return this.data.bootReleases()
			.stream()
			.filter((boot) -> boot.tomcatVersion().branch().equals(version.branch())
					&& boot.tomcatVersion().compareTo(version) >= 0)
			.map(BootRelease::version)
			.toList();
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

}
