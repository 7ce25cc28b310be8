#!/usr/bin/env bash
# Prepares a release as Maven's release plugin would, without its SCM round trips: on a clean tree,
# sets every POM of the repository to VERSION and the build's timestamp to now, commits "Release
# VERSION" and tags it vVERSION, then sets NEXT (a -SNAPSHOT) and commits that. Nothing is pushed.
#   release/prepare.sh 0.5.0 0.5.1-SNAPSHOT
# Before it: CHANGELOG.md's Unreleased section under the version's heading and the README's
# snippets on VERSION, committed (docs/releasing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

if (($# != 2)) || [[ $1 == *-SNAPSHOT || $2 != *-SNAPSHOT ]]; then
	echo "usage: release/prepare.sh VERSION NEXT-SNAPSHOT, for example 0.5.0 0.5.1-SNAPSHOT" >&2
	exit 2
fi
version=$1
next=$2
if [[ -n $(git status --porcelain) ]]; then
	echo "release/prepare.sh: the tree has uncommitted changes; a release is made from a commit" >&2
	git status --short >&2
	exit 1
fi
current=$(release/project-version.sh)

set_version() {
	local from=$1 to=$2
	git ls-files -z -- '*pom.xml' | xargs -0 sed -i "s:<version>${from//./\\.}</version>:<version>$to</version>:g; s:<tomcat-latency.version>${from//./\\.}</tomcat-latency.version>:<tomcat-latency.version>$to</tomcat-latency.version>:g"
}

set_version "$current" "$version"
timestamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)
sed -i "s|<project.build.outputTimestamp>[^<]*</project.build.outputTimestamp>|<project.build.outputTimestamp>$timestamp</project.build.outputTimestamp>|" pom.xml
git commit -q -a -m "Release $version"
git tag -a "v$version" -m "Release $version"
set_version "$version" "$next"
git commit -q -a -m "Next development version: $next"
echo "Tagged v$version; the tree is on $next. Build the release from the tag (docs/releasing.md)."
