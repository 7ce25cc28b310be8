#!/usr/bin/env bash
# Wall time of the command-line scanner on a large fat jar, java -jar included: a fresh JVM per run,
# every run printed with the CPU time it took (user and system: what the wall time would be on an idle
# machine, less what runs in parallel). With JDK_JAVA_OPTIONS set (for example
# "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"), the runs use it. The fat jar is assembled once (uncompressed BOOT-INF/lib entries, as Spring
# Boot writes them) from the sample's own nested jars plus real jars of the local Maven repository,
# until it reaches the target size.
#
# Runs are recorded in bench/results/2026-12-01-scanner.md and summarized in
# docs/benchmarks.md.
#
# Usage: bench/scan.sh [runs] [target size in MB] [Maven repository]
source "$(dirname "$0")/common.sh"

RUNS=${1:-5}
TARGET_MB=${2:-60}
REPOSITORY=${3:-$HOME/.m2/repository}
CLI_JAR="$ROOT_DIR/cli/target/tomcat-latency-cli-$("$ROOT_DIR/release/project-version.sh").jar"

build_sample
if [[ ! -f "$CLI_JAR" || -n "${REBUILD:-}" ]]; then
	(cd "$ROOT_DIR" && mvn -q -B -DskipTests -pl cli -am package)
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
FAT_JAR="$WORK/large-app.jar"

python3 - "$SAMPLE_JAR" "$REPOSITORY" "$TARGET_MB" "$FAT_JAR" <<'PYTHON'
import os, sys, zipfile
sample, repository, target_mb, fat_jar = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
target = target_mb * 1024 * 1024
names = set()
with zipfile.ZipFile(sample) as source, zipfile.ZipFile(fat_jar, "w", zipfile.ZIP_STORED) as out:
    for info in source.infolist():
        out.writestr(info, source.read(info.filename), zipfile.ZIP_STORED)
        names.add(info.filename)
    size = os.path.getsize(sample)
    for directory, _, files in sorted(os.walk(repository)):
        for file in sorted(files):
            entry = "BOOT-INF/lib/" + file
            if size >= target:
                break
            if file.endswith(".jar") and entry not in names and zipfile.is_zipfile(os.path.join(directory, file)):
                out.write(os.path.join(directory, file), entry, zipfile.ZIP_STORED)
                names.add(entry)
                size += os.path.getsize(os.path.join(directory, file))
nested = sum(1 for name in names if name.startswith("BOOT-INF/lib/"))
print(f"{fat_jar}: {os.path.getsize(fat_jar) / 1024 / 1024:.1f} MB, {nested} nested jars")
PYTHON
if (($(stat -c %s "$FAT_JAR") < TARGET_MB * 1024 * 1024)); then
	echo "Not enough jars in $REPOSITORY for a $TARGET_MB MB fat jar" >&2
	exit 1
fi

echo "Load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "JDK_JAVA_OPTIONS: ${JDK_JAVA_OPTIONS:-none}"
TIMEFORMAT='%R s wall, %U s user, %S s system'
for ((run = 1; run <= RUNS; run++)); do
	times=$({ time "${JAVA:-java}" -jar "$CLI_JAR" --fail-on none "$FAT_JAR" >"$WORK/out.txt" 2>/dev/null; } 2>&1)
	echo "run $run: $times"
done
echo "Last run's verdict:"
cat "$WORK/out.txt"
