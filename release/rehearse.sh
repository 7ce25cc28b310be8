#!/usr/bin/env bash
# Rehearses the release of the checked-out commit, everything but the upload (docs/releasing.md):
#  1. in a clone, release/prepare.sh makes the release commit and tag of the next version;
#  2. what a release build must refuse: no signing key, uncommitted changes, a SNAPSHOT dependency;
#  3. the release build, signed with a throwaway key made here, deployed to a staging directory;
#  4. the staging directory checked against Central's rules (release/check-staging.py), and a
#     second build of the same commit compared with it byte for byte;
#  5. release/consumer, an application outside the reactor, built, trained, checked and run against
#     only the staging directory and Maven Central, with no tomcat-latency artifact in its local
#     repository.
# Needs git, gpg, python3, curl, Java 17+ and Maven; CI runs it beside the install of the same commit (it needs nothing installed).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
app_pid=
cleanup() {
	[[ -z $app_pid ]] || kill "$app_pid" 2>/dev/null || true
	gpgconf --homedir "$work/gnupg" --kill all 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
log=$work/maven.log
published=advisories,core,spring-boot-common,autoconfigure,starter,spring-boot3/autoconfigure,spring-boot3/starter,trainer,cli,maven-plugin
# Not what a release is judged by here: the tests ran on this commit before, the trained starts of
# the samples are theirs.
build_args=(-B -ntp -DskipTests -Dinvoker.skip=true -Dtomcat-latency.train.skip=true -Dtrained-start-java25.skip=true)

# A stage's heading, with the seconds since the start: where the rehearsal's time goes.
stage() {
	echo "== $1 (at ${SECONDS}s) =="
}

fail() {
	echo "release rehearsal: $*" >&2
	[[ ! -s $log ]] || tail -n 40 "$log" >&2
	exit 1
}

# Must fail, and say why in a line that contains $1.
expect_refusal() {
	local reason=$1
	shift
	if mvn "${build_args[@]}" "$@" >"$log" 2>&1; then
		fail "a release build that should be refused ran: mvn $*"
	fi
	grep -q -- "$reason" "$log" || fail "refused without naming '$reason'"
	echo "refused as expected: $reason"
}

stage "The release commit, in a clone"
git clone -q "$root" "$work/src"
cd "$work/src"
git config user.name "tomcat-latency release rehearsal"
git config user.email "rehearsal@invalid"
snapshot=$(release/project-version.sh)
version=${snapshot%-SNAPSHOT}
release/prepare.sh "$version" "${version%.*}.$((${version##*.} + 1))-SNAPSHOT"
git checkout -q "v$version"

stage "A throwaway signing key"
export GNUPGHOME=$work/gnupg
mkdir -m 700 "$GNUPGHOME"
gpg --batch --quiet --passphrase '' --quick-gen-key 'tomcat-latency release rehearsal <rehearsal@invalid>' ed25519 sign 1d 2>/dev/null
key=$(gpg --list-keys --with-colons 2>/dev/null | awk -F: '/^fpr/ { print $10; exit }')

stage "What a release build refuses"
expect_refusal "gpg.keyname" -Prelease validate
echo "# uncommitted" >>README.md
expect_refusal "local modifications" -Prelease validate -Dgpg.keyname="$key"
git checkout -q README.md
# The advisory data as a SNAPSHOT, committed: the starters depending on it must not be released.
git checkout -q -b snapshot-dependency
sed -i "s:<version>\([0-9.]*\)</version>:<version>\1-SNAPSHOT</version>:" advisories/pom.xml
sed -i "s:<tomcat-latency-advisories.version>\([0-9.]*\)<:<tomcat-latency-advisories.version>\1-SNAPSHOT<:" pom.xml
git commit -q -a -m "A SNAPSHOT dependency"
expect_refusal "tomcat-latency-advisories:jar:.*-SNAPSHOT" -Prelease validate -Dgpg.keyname="$key"
git checkout -q "v$version"

stage "The release build of $version, signed, deployed to a staging directory"
staging=$work/staging
# Two modules at a time, as CI's install does: the Boot lines' modules are independent.
mvn "${build_args[@]}" -T 2 -Prelease deploy -pl "$published" -am -Dmaven.install.skip=true \
	-Dgpg.keyname="$key" -DaltDeploymentRepository="staging::file://$staging" >"$log" 2>&1 ||
	fail "the release build failed"
python3 "$root/release/check-staging.py" "$staging" "$version" || fail "the staging directory breaks Central's rules"

stage "A second build of the same commit: the same jars"
mvn "${build_args[@]}" -T 2 -Prelease clean package -pl "$published" -am -Dgpg.keyname="$key" >"$log" 2>&1 ||
	fail "the second build failed"
python3 "$root/release/check-staging.py" "$staging" "$version" --compare "$work/src" || fail "two builds of one commit differ"

stage "An application outside the reactor, on the staged release and Maven Central only"
# Its own local repository: Central's artifacts linked from this machine's, none of tomcat-latency's.
local_repo=${MAVEN_LOCAL_REPOSITORY:-$HOME/.m2/repository}
cp -al "$local_repo" "$work/m2" 2>/dev/null || cp -a "$local_repo" "$work/m2"
rm -rf "$work/m2/io/github/tomcatlatency"
cat >"$work/settings.xml" <<EOF
<settings>
	<profiles>
		<profile>
			<id>staging</id>
			<repositories>
				<repository>
					<id>tomcat-latency-staging</id>
					<url>file://$staging</url>
					<snapshots><enabled>false</enabled></snapshots>
				</repository>
			</repositories>
			<pluginRepositories>
				<pluginRepository>
					<id>tomcat-latency-staging</id>
					<url>file://$staging</url>
					<snapshots><enabled>false</enabled></snapshots>
				</pluginRepository>
			</pluginRepositories>
		</profile>
	</profiles>
	<activeProfiles>
		<activeProfile>staging</activeProfile>
	</activeProfiles>
</settings>
EOF
cp -r "$root/release/consumer" "$work/consumer"
cd "$work/consumer"
# The check reports, and fails nothing: whether Boot's Tomcat of the day has advisories at or above
# the default failOn is the advisory data's news, not the release's.
mvn -B -ntp -s "$work/settings.xml" -Dmaven.repo.local="$work/m2" -Dtomcat-latency.version="$version" \
	-Dtomcat-latency.failOn=none verify >"$log" 2>&1 || fail "the application's build (check and train goals) failed"
grep -q "tomcat-latency-maven-plugin:$version:check" "$log" && grep -q "Advisory data: artifact" "$log" ||
	fail "the check goal did not run on the staged advisory data"
grep -q "tomcat-latency-maven-plugin:$version:train" "$log" || fail "the train goal did not run"
find "$work/m2/io/github/tomcatlatency" -name "*.jar" | grep -q . || fail "no tomcat-latency jar came from the staging directory"
echo "built, checked and trained: $(find "$work/m2/io/github/tomcatlatency" -name '*.jar' | wc -l) jars of tomcat-latency from the staging directory"

# The trained start as the train goal wrote it, on a port of its own.
app_log=$work/app.log
target/tomcat-latency/application/start.sh --server.port=0 >"$app_log" 2>&1 &
app_pid=$!
port=
for _ in $(seq 120); do
	port=$(sed -n 's/.*Tomcat started on port \([0-9]*\).*/\1/p' "$app_log" | head -n 1)
	[[ -z $port ]] || break
	kill -0 "$app_pid" 2>/dev/null || fail "the application exited: $(tail -n 20 "$app_log")"
	sleep 0.5
done
[[ -n $port ]] || fail "the application did not start"
for _ in $(seq 120); do
	curl -fs "localhost:$port/actuator/health/readiness" >/dev/null && break
	sleep 0.5
done
answer=$(curl -fsS "localhost:$port/greetings/ada") || fail "the first request failed"
[[ $answer == "Hello, ada" ]] || fail "the first request answered '$answer'"
report=$(curl -fsS "localhost:$port/actuator/tomcat-latency") || fail "/actuator/tomcat-latency did not answer"
python3 - "$report" <<'EOF' || fail "the report is not what the starter serves"
import json, sys
report = json.loads(sys.argv[1])
assert report["tomcat"]["version"], "no Tomcat version"
assert report["jvmCache"]["inUse"], "the trained start runs without its cache"
assert report["jvmCache"]["trainedByStarter"], "the cache is not the train goal's"
print("report: Tomcat", report["tomcat"]["version"], "- JVM cache", report["jvmCache"]["kind"], "in use")
EOF
if grep -E '^\S+\s+(ERROR|WARN)' "$app_log"; then
	fail "the application logged a warning or an error"
fi
# Last: Spring MVC logs the refused method at WARN.
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "localhost:$port/actuator/tomcat-latency")
[[ $status != 2* ]] || fail "the read-only endpoint accepted a reset (HTTP $status)"
kill "$app_pid"
wait "$app_pid" 2>/dev/null || true
app_pid=
echo "release rehearsal of $version: refusals, staging, reproducibility and the outside application passed in ${SECONDS}s"
