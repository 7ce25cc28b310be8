#!/usr/bin/env bash
# CPU time per request of the REST benchmark app with and without the starter, one fresh JVM per
# measurement, so that the spread between JVMs shows: whether a JVM lands in a slow mode depends
# on the order in which the JIT compiles the request path, and a median over rounds in one JVM
# hides it. Runs PAIRS pairs of JVMs, with and without the starter alternating which goes first;
# each JVM is loaded with wrk for WARMUP seconds, then measured for MEASURE seconds (the warm-up
# lets the JIT settle: in the first 25 s of load its compilers are still busy enough to decide a
# JVM's figure). Prints every JVM's CPU time per request (the server JVM's user+system time from
# /proc over the requests wrk completed: it does not count time spent waiting for a CPU) and
# requests per second, then the medians, their ratios and the slowest JVM with the starter against
# the median without. Each JVM's
# line also shows the CPU seconds its JIT compilers spent while it was measured (from jstat): the
# compilers' threads count in its CPU time, and a JVM whose JIT had not settled after the warm-up
# shows it there.
#
# With ENDPOINT=1 both JVMs run with the tomcat-latency actuator endpoint exposed
# (management.endpoints.web.exposure.include=health,tomcatlatency), so that the starter also keeps
# the endpoint's request statistics, which it keeps only while the endpoint is exposed: the cost with
# statistics on. The JVM without the starter gets the same setting, which exposes nothing more there.
#
# With SAME_JAR=1 the JVM without the starter is the jar with it, run with
# --tomcat-latency.enabled=false: the only difference is the starter's work, not the jar's contents.
# With CONTROL=1 both sides are that jar with the starter off: the same-jar control, whose spread
# is what this machine's JVMs differ by when nothing differs.
#
# WITH_APP_ARGS='...' adds application arguments to the JVMs with the starter only, for example
# --tomcat-latency.warmup.enabled=false to tell the warm-up's share from the per-request work's.
#
# Every JVM's figures are also appended to RESULTS (if set), one line each, so that several runs
# can be pooled: bench/overhead.sh --summarize FILE...
#
# With INLINING=1 the JVMs run with -XX:+UnlockDiagnosticVMOptions -XX:+PrintInlining and the
# script also prints, per JVM, how many call sites the JIT did not inline because of "inlining too
# deep" over the JVM's life, and the most frequent callees: the calls cut off are the leaves at the
# bottom of a deep stack (String, collections, Spring's core utilities), not the frames that made it
# deep. The flag itself costs CPU: take the CPU figures from runs without it.
#
# Runs are recorded in bench/results/2026-12-01-overhead-end-to-end.md, every JVM's figure,
# and summarized in docs/benchmarks.md.
#
# Usage: [PAIRS=3] [WARMUP=30] [MEASURE=15] [TARGET=/hello] [THREADS=2] [CONNECTIONS=16]
#        [INLINING=1] [ENDPOINT=1] [SAME_JAR=1] [CONTROL=1] [WITH_APP_ARGS='...'] [RESULTS=file] [EXTRA_JAVA_OPTS='...'] bench/overhead.sh
#        [APP_DIR=directory with the two jars, by default bench/rest-app/target]
#        bench/overhead.sh --summarize FILE...
source "$(dirname "$0")/common.sh"

APP_DIR=${APP_DIR:-$ROOT_DIR/bench/rest-app/target}
WITH_JAR="$APP_DIR/bench-rest-app.jar"
WITHOUT_JAR="$APP_DIR/bench-rest-app-without-starter.jar"
PAIRS=${PAIRS:-3}
WARMUP=${WARMUP:-30}
MEASURE=${MEASURE:-15}
TARGET=${TARGET:-/hello}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}

# summarize FILE...: medians and ratios over lines "VARIANT CPU_US RPS" (VARIANT: with or without).
summarize() {
	local results
	results=$(cat "$@")
	local with_cpu without_cpu with_rps without_rps worst
	with_cpu=$(awk '$1 == "with" { print $2 }' <<<"$results" | median)
	without_cpu=$(awk '$1 == "without" { print $2 }' <<<"$results" | median)
	with_rps=$(awk '$1 == "with" { print $3 }' <<<"$results" | median)
	without_rps=$(awk '$1 == "without" { print $3 }' <<<"$results" | median)
	worst=$(awk '$1 == "with" { print $2 }' <<<"$results" | sort -g | tail -1)
	echo "with starter, us CPU/request, every JVM:    $(awk '$1 == "with" { printf "%s ", $2 }' <<<"$results")"
	echo "without starter, us CPU/request, every JVM: $(awk '$1 == "without" { printf "%s ", $2 }' <<<"$results")"
	echo "with starter, req/s, every JVM:             $(awk '$1 == "with" { printf "%s ", $3 }' <<<"$results")"
	echo "without starter, req/s, every JVM:          $(awk '$1 == "without" { printf "%s ", $3 }' <<<"$results")"
	printf 'JVMs: %d with, %d without\n' "$(grep -c '^with ' <<<"$results")" "$(grep -c '^without ' <<<"$results")"
	printf 'median us CPU/request  with %.2f  without %.2f  ratio %.3f  (target <= 1.01)\n' "$with_cpu" \
		"$without_cpu" "$(awk -v a="$with_cpu" -v b="$without_cpu" 'BEGIN { print a / b }')"
	printf 'median req/s           with %.0f  without %.0f  ratio %.3f  (target >= 0.99)\n' "$with_rps" \
		"$without_rps" "$(awk -v a="$with_rps" -v b="$without_rps" 'BEGIN { print a / b }')"
	printf 'slowest JVM with the starter %.2f us CPU/request: %.3f of the median without  (target <= 1.03)\n' \
		"$worst" "$(awk -v a="$worst" -v b="$without_cpu" 'BEGIN { print a / b }')"
}

if [[ ${1:-} == --summarize ]]; then
	shift
	summarize "$@"
	exit 0
fi

command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk" >&2; exit 1; }
for jar in "$WITH_JAR" "$WITHOUT_JAR"; do
	[[ -f $jar ]] || { echo "$jar is missing: mvn -B -DskipTests package -pl bench/rest-app -am" >&2; exit 1; }
done
JAVA_OPTS=()
read -r -a EXTRA <<<"${EXTRA_JAVA_OPTS:-}"
JAVA_OPTS+=("${EXTRA[@]}")
if [[ -n ${INLINING:-} ]]; then
	JAVA_OPTS+=(-XX:+UnlockDiagnosticVMOptions -XX:+PrintInlining)
fi
APP_ARGS=()
if [[ -n ${ENDPOINT:-} ]]; then
	APP_ARGS+=(--management.endpoints.web.exposure.include=health,tomcatlatency)
fi
read -r -a WITH_ARGS <<<"${WITH_APP_ARGS:-}"
WITHOUT_ARGS=()
if [[ -n ${SAME_JAR:-}${CONTROL:-} ]]; then
	WITHOUT_JAR=$WITH_JAR
	WITHOUT_ARGS=(--tomcat-latency.enabled=false)
fi
if [[ -n ${CONTROL:-} ]]; then
	WITH_ARGS=("${WITHOUT_ARGS[@]}")
fi
trap stop_samples EXIT
WORK=$(mktemp -d)

# jit_seconds PID: the CPU seconds the JVM's JIT compilers have spent so far.
jit_seconds() {
	jstat -compiler "$1" | awk 'NR == 2 { print $4 }'
}

# measure VARIANT JAR NUMBER: one fresh JVM; appends "VARIANT CPU_US RPS" to $WORK/results.
measure() {
	local variant=$1 jar=$2 number=$3 port log pid ticks jit out cpu rps
	local args=("${WITH_ARGS[@]}")
	[[ $variant == with ]] || args=("${WITHOUT_ARGS[@]}")
	port=$(free_port)
	log="$WORK/$variant-$number.log"
	start_jar "$jar" "$port" "$log" "${APP_ARGS[@]}" "${args[@]}"
	pid=${PIDS[-1]}
	wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" "http://127.0.0.1:$port$TARGET" >/dev/null
	ticks=$(cpu_ticks "$pid")
	jit=$(jit_seconds "$pid")
	out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${MEASURE}s" "http://127.0.0.1:$port$TARGET")
	ticks=$(($(cpu_ticks "$pid") - ticks))
	jit=$(awk -v a="$jit" -v b="$(jit_seconds "$pid")" 'BEGIN { printf "%.1f", b - a }')
	stop_samples
	rps=$(awk '/Requests\/sec/ { printf "%.0f", $2 }' <<<"$out")
	cpu=$(awk -v ticks="$ticks" -v hz="$(getconf CLK_TCK)" '/requests in/ { printf "%.2f", ticks * 1e6 / hz / $1 }' <<<"$out")
	echo "$variant $cpu $rps" >>"$WORK/results"
	[[ -z ${RESULTS:-} ]] || echo "$variant $cpu $rps" >>"$RESULTS"
	printf 'JVM %d %-7s %8s us CPU/request %8s req/s %5s s JIT' "$number" "$variant" "$cpu" "$rps" "$jit"
	if [[ -n ${INLINING:-} ]]; then
		printf '  %s call sites "inlining too deep"' "$(grep -c 'inlining too deep' "$log" || true)"
		grep 'inlining too deep' "$log" | grep -oE '[A-Za-z0-9_.$]+::[A-Za-z0-9_<>$]+' |
			sort | uniq -c | sort -rn | head -8 >"$WORK/$variant-$number.deep" || true
	fi
	echo
	if [[ -n ${INLINING:-} ]]; then
		sed 's/^/      /' "$WORK/$variant-$number.deep"
	fi
}

for ((pair = 1; pair <= PAIRS; pair++)); do
	if ((pair % 2)); then order=(with without); else order=(without with); fi
	for variant in "${order[@]}"; do
		jar=$WITHOUT_JAR
		[[ $variant == without ]] || jar=$WITH_JAR
		measure "$variant" "$jar" "$pair"
	done
done
summarize "$WORK/results"
echo "$TARGET, $PAIRS pairs of fresh JVMs, wrk -t$THREADS -c$CONNECTIONS, ${WARMUP}s warm-up, ${MEASURE}s measured," \
	"JVM options: ${JAVA_OPTS[*]:-defaults}; application arguments: ${APP_ARGS[*]:-none}," \
	"with: $(basename "$WITH_JAR") ${WITH_ARGS[*]:-}, without: $(basename "$WITHOUT_JAR") ${WITHOUT_ARGS[*]:-}; $(nproc) cores, $(java -version 2>&1 | head -1), $(date -u +%FT%TZ)."
rm -rf "$WORK"
