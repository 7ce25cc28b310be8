#!/usr/bin/env bash
# Prints the project's version: the first <version> of the root POM, which every module's parent
# names, or of the POM given (a clone's). The release scripts and the benchmarks read it here.
#   release/project-version.sh [POM]
set -eu
pom=${1:-$(dirname "$0")/../pom.xml}
# Not piped into head under pipefail: sed could be stopped by SIGPIPE once head has its line.
version=$(sed -n 's:^\t<version>\(.*\)</version>$:\1:p' "$pom")
version=${version%%$'\n'*}
if [[ -z $version ]]; then
	echo "release/project-version.sh: no version found in $pom" >&2
	exit 1
fi
echo "$version"
