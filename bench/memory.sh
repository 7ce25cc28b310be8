#!/usr/bin/env bash
# The heap the starter retains with many routes under concurrent load: bench/memory's application
# (ROUTES GET routes, 100 by default, POST on half of them) on bench/rest-app's class path, driven by
# wrk (two threads, eight connections; each thread's connections request the same route a few times
# in a row, so that routes are recorded by two threads at once) for LOAD seconds (20) from readiness,
# then two full GCs and the heap used (jcmd GC.heap_info), the resident set and NMT's committed total.
# Three sides, RUNS fresh JVMs each (3), interleaved: the starter off (tomcat-latency.enabled=false),
# the starter with the endpoint not exposed, and exposed (read once after the load). Prints every
# JVM's figures, then each side's median. Then the statistics alone, in JVMs of their own (core's
# test class StatisticsHeap, which RequestStatisticsCapTests runs too): ROUTES routes recorded by as
# many threads as the JVM has CPUs, this machine's and then 64 (-XX:ActiveProcessorCount=64), each
# printing the heap they hold (after full GCs, with them against without them) and the memoryBytes
# the report shows for it, at the default cap.
#
# Usage: [REBUILD=1] [RUNS=3] [ROUTES=100] [LOAD=20] bench/memory.sh
source "$(dirname "$0")/common.sh"

RUNS=${RUNS:-3}
# Two busy CPUs may take over a minute to start one.
START_TIMEOUT=${START_TIMEOUT:-300}
export ROUTES=${ROUTES:-100}
LOAD=${LOAD:-20}
WORK="$BENCH_DIR/memory/target"
JAR="$BENCH_DIR/rest-app/target/bench-rest-app.jar"
if [[ ! -f "$JAR" || -n "${REBUILD:-}" ]]; then
	(cd "$ROOT_DIR" && mvn -q -B -DskipTests -pl bench/rest-app -am package)
fi
rm -rf "$WORK" && mkdir -p "$WORK/classes"
# The rest app's dependencies (the starter among them) without its own classes.
java -Djarmode=tools -jar "$JAR" extract --destination "$WORK/app" >/dev/null
javac -q -d "$WORK/classes" -cp "$WORK/app/lib/*" "$BENCH_DIR/memory/ManyRoutesApplication.java" 2>/dev/null \
	|| javac -d "$WORK/classes" -cp "$WORK/app/lib/*" "$BENCH_DIR/memory/ManyRoutesApplication.java"
CLASSPATH_ARG="$WORK/classes:$WORK/app/lib/*"
JAVA_OPTS+=(-XX:NativeMemoryTracking=summary)
trap stop_samples EXIT

declare -A SIDE_ARGS=(
	[off]="--tomcat-latency.enabled=false --management.endpoints.web.exposure.include=health,tomcatlatency"
	[hidden]=""
	[exposed]="--management.endpoints.web.exposure.include=health,tomcatlatency"
)
SIDES=(off hidden exposed)
declare -A HEAP=()

heap_used_kb() {
	# ParallelGC: "PSYoungGen total ..K, used ..K" and "ParOldGen total ..K, used ..K".
	jcmd "$1" GC.heap_info | awk '/PSYoungGen|ParOldGen/ { for (i = 1; i < NF; i++) if ($i == "used") { sub(/K.*/, "", $(i + 1)); s += $(i + 1) } } END { print s }'
}

for run in $(seq 1 "$RUNS"); do
	for side in "${SIDES[@]}"; do
		port=$(free_port)
		log="$WORK/$side-$run.log"
		read -r -a args <<<"${SIDE_ARGS[$side]}"
		start_command "$port" "$log" "${JAVA:-java}" "${JAVA_OPTS[@]}" -cp "$CLASSPATH_ARG" \
			io.github.tomcatlatency.bench.memory.ManyRoutesApplication --memory.routes="$ROUTES" "${args[@]}"
		pid=${PIDS[-1]}
		wrk -t2 -c8 -d"${LOAD}s" -s "$BENCH_DIR/memory/routes.lua" "http://127.0.0.1:$port" >"$WORK/$side-$run.wrk"
		if [[ $side == exposed ]]; then
			curl -fsS -o "$WORK/report-$run.json" "http://127.0.0.1:$port/actuator/tomcat-latency"
		fi
		jcmd "$pid" GC.run >/dev/null
		jcmd "$pid" GC.run >/dev/null
		heap=$(heap_used_kb "$pid")
		rss=$(awk '/VmRSS/ { print $2 }' "/proc/$pid/status")
		nmt=$(jcmd "$pid" VM.native_memory summary | awk -F'committed=' '/^Total/ { sub(/KB.*/, "", $2); print $2 }')
		rps=$(awk '/Requests\/sec/ { print $2 }' "$WORK/$side-$run.wrk")
		printf '%-8s run %d: heap used %7.1f MB, RSS %6.1f MB, NMT committed %6.1f MB, %s requests/s\n' "$side" "$run" \
			"$(awk -v k="$heap" 'BEGIN { print k / 1024 }')" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" \
			"$(awk -v k="$nmt" 'BEGIN { print k / 1024 }')" "$rps"
		HEAP[$side]+="$heap "
		stop_samples
	done
done
for side in "${SIDES[@]}"; do
	median_kb=$(tr ' ' '\n' <<<"${HEAP[$side]}" | grep . | median)
	printf '%-8s median heap used %.1f MB\n' "$side" "$(awk -v k="$median_kb" 'BEGIN { print k / 1024 }')"
done
# The statistics alone, compiled from core's test sources against the same libraries (the starter's
# core among them). Serial GC: after its full GC the heap used is what is reachable.
javac -d "$WORK/classes" -cp "$WORK/app/lib/*" "$ROOT_DIR/core/src/test/java/io/github/tomcatlatency/statistics/StatisticsHeap.java"
for cpus in "$(nproc)" 64; do
	held=$("${JAVA:-java}" -XX:ActiveProcessorCount="$cpus" -XX:+UseSerialGC -Xmx512m -cp "$CLASSPATH_ARG" \
		io.github.tomcatlatency.statistics.StatisticsHeap "$ROUTES" | grep '^heldBytes=')
	printf 'statistics alone, %2d CPUs and threads: %s\n' "$cpus" "$held"
done
echo "$ROUTES routes, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1), $(date -u +%FT%TZ)."
