#!/usr/bin/env bash
# The first 30 seconds under load, with and without the starter: an instance added while traffic
# is high (a scale-up, a rolling deploy) serves it while the JIT is still compiling. Runs PAIRS
# pairs of fresh JVMs of the same jar, one side with --tomcat-latency.enabled=false, alternating
# which goes first, the tomcat-latency endpoint exposed on both (so that the starter keeps its
# request statistics and its cold-request probe). Right after readiness, wrk loads TARGET for
# SEGMENTS segments of SEGMENT seconds, back to back. After each segment the script reads the CPU
# time of every thread of the server JVM from /proc, so that each JVM's line shows, per segment:
#
#   CPU per request: the process's user+system time over the requests wrk completed;
#   where that CPU went, in ms: the JIT's compiler threads (C1, C2), the garbage collector,
#   Tomcat's connector threads (the request threads, its poller and acceptor: Linux keeps the
#   first 15 characters of a thread's name, which cannot tell them apart), and every other thread
#   (VM threads, the starter's background warm-up, ...), named when it used 10 ms or more.
#
# Then, per segment, the medians and the ratios the issue's targets use: median CPU per request
# without/with, and the slowest JVM without against the slowest with.
#
# VARIANTS adds sides of the same jar with the starter on and more arguments, one JVM of each
# in every round beside the pair, the order rotating from round to round, so that a part of the
# starter can be left out and measured against the same JVMs: for example
# VARIANTS='no-warmup=--tomcat-latency.warmup.enabled=false no-timers=--tomcat-latency.metrics.enabled=false'
# (a variant's arguments are separated by commas).
#
# Runs are recorded in bench/results/ (2026-12-02-early-load-from-health.md,
# 2026-12-03-early-load-from-readiness.md, 2026-12-04-product-catalog-app-jit.md), every
# JVM's figure, and summarized in docs/benchmarks.md.
#
# Usage: [PAIRS=6] [SEGMENTS=3] [SEGMENT=10] [TARGET=/hello] [THREADS=2] [CONNECTIONS=16]
#        [WITH_APP_ARGS='...'] [VARIANTS='label=args ...'] [EXTRA_JAVA_OPTS='...'] [APP_DIR=...]
#        [JAVA=/path/to/bin/java]
#        bench/early-load.sh
source "$(dirname "$0")/common.sh"

APP_DIR=${APP_DIR:-$ROOT_DIR/bench/rest-app/target}
JAR="$APP_DIR/bench-rest-app.jar"
PAIRS=${PAIRS:-6}
SEGMENTS=${SEGMENTS:-3}
SEGMENT=${SEGMENT:-10}
TARGET=${TARGET:-/hello}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}

command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk" >&2; exit 1; }
[[ -f $JAR ]] || { echo "$JAR is missing: mvn -B -DskipTests package -pl bench/rest-app -am" >&2; exit 1; }
read -r -a EXTRA <<<"${EXTRA_JAVA_OPTS:-}"
JAVA_OPTS+=("${EXTRA[@]}")
read -r -a WITH_ARGS <<<"${WITH_APP_ARGS:-}"
read -r -a VARIANT_SPECS <<<"${VARIANTS:-}"
declare -A VARIANT_ARGS=()
SIDES=(with without)
for spec in "${VARIANT_SPECS[@]}"; do
	VARIANT_ARGS[${spec%%=*}]=${spec#*=}
	SIDES+=("${spec%%=*}")
done
# Readiness, not the health endpoint, says when the load starts: the endpoint answers while the
# warm-up still holds readiness back, and a load balancer waits for readiness.
APP_ARGS=(--management.endpoints.web.exposure.include=health,tomcatlatency
	--logging.level.org.springframework.boot.availability=debug)
trap stop_samples EXIT
WORK=$(mktemp -d)
HZ=$(getconf CLK_TCK)

# thread_ticks PID: one line per thread, "TICKS NAME", user+system clock ticks so far.
thread_ticks() {
	local task
	for task in /proc/"$1"/task/*; do
		# The name is in parentheses and may hold spaces: take the fields after the last ')'.
		awk -v name="$(cat "$task/comm" 2>/dev/null)" '{ sub(/.*\) /, ""); print $12 + $13, name }' \
			"$task/stat" 2>/dev/null || true
	done | sort -k2
}

# breakdown BEFORE AFTER: CPU ms per thread group between two thread_ticks listings.
breakdown() {
	awk -v hz="$HZ" '
		{ name = substr($0, index($0, " ") + 1) }
		NR == FNR { before[name] += $1; next }
		{ delta[name] += $1 }
		END {
			for (name in delta) {
				ms = (delta[name] - before[name]) * 1000 / hz
				if (name ~ /^C2 CompilerThre/) c2 += ms
				else if (name ~ /^C1 CompilerThre/) c1 += ms
				else if (name ~ /^(GC Thread|G1 |VM Periodic|ParGC)/) gc += ms
				else if (name ~ /^http-nio/) tomcat += ms
				else { other += ms; if (ms >= 10) named = named sprintf(" %s:%d", name, ms) }
			}
			printf "C2 %5d  C1 %4d  GC %4d  Tomcat %6d  other %4d%s", c2, c1, gc, tomcat, other, named
		}' "$1" "$2"
}

# measure VARIANT NUMBER: one fresh JVM loaded for SEGMENTS x SEGMENT seconds.
measure() {
	local variant=$1 number=$2 port log pid ticks out cpu requests segment
	local args=("${WITH_ARGS[@]}")
	if [[ $variant == without ]]; then
		args=(--tomcat-latency.enabled=false)
	elif [[ $variant != with ]]; then
		IFS=, read -r -a args <<<"${VARIANT_ARGS[$variant]}"
	fi
	port=$(free_port)
	log="$WORK/$variant-$number.log"
	READY_LOG_LINE=$READINESS_LINE start_jar "$JAR" "$port" "$log" "${APP_ARGS[@]}" "${args[@]}"
	pid=${PIDS[-1]}
	thread_ticks "$pid" >"$WORK/threads.0"
	for ((segment = 1; segment <= SEGMENTS; segment++)); do
		ticks=$(cpu_ticks "$pid")
		out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SEGMENT}s" "http://127.0.0.1:$port$TARGET")
		ticks=$(($(cpu_ticks "$pid") - ticks))
		thread_ticks "$pid" >"$WORK/threads.$segment"
		requests=$(awk '/requests in/ { print $1 }' <<<"$out")
		cpu=$(awk -v t="$ticks" -v hz="$HZ" -v n="$requests" 'BEGIN { printf "%.2f", t * 1e6 / hz / n }')
		echo "$variant $segment $cpu" >>"$WORK/results"
		printf 'JVM %d %-9s %3d-%3d s  %7s us CPU/request  %7d requests  ms: %s\n' "$number" "$variant" \
			$(((segment - 1) * SEGMENT)) $((segment * SEGMENT)) "$cpu" "$requests" \
			"$(breakdown "$WORK/threads.$((segment - 1))" "$WORK/threads.$segment")"
	done
	stop_samples
}

for ((pair = 1; pair <= PAIRS; pair++)); do
	# Rotated, so that no side always starts first: with two sides, they alternate.
	for ((i = 0; i < ${#SIDES[@]}; i++)); do
		measure "${SIDES[(i + pair - 1) % ${#SIDES[@]}]}" "$pair"
	done
done
for ((segment = 1; segment <= SEGMENTS; segment++)); do
	without=$(awk -v s="$segment" '$1 == "without" && $2 == s { print $3 }' "$WORK/results")
	for side in "${SIDES[@]}"; do
		[[ $side != without ]] || continue
		with=$(awk -v v="$side" -v s="$segment" '$1 == v && $2 == s { print $3 }' "$WORK/results")
		printf '%d-%d s: us CPU/request %s: %s| without: %s| median without/%s %.3f, slowest without/slowest %s %.3f\n' \
			$(((segment - 1) * SEGMENT)) $((segment * SEGMENT)) "$side" "$(tr '\n' ' ' <<<"$with")" \
			"$(tr '\n' ' ' <<<"$without")" "$side" \
			"$(awk -v a="$(median <<<"$without")" -v b="$(median <<<"$with")" 'BEGIN { print a / b }')" "$side" \
			"$(awk -v a="$(sort -g <<<"$without" | tail -1)" -v b="$(sort -g <<<"$with" | tail -1)" 'BEGIN { print a / b }')"
	done
done
echo "$TARGET, $PAIRS rounds of fresh JVMs of $(basename "$JAR"), without: --tomcat-latency.enabled=false," \
	"with: ${WITH_ARGS[*]:-defaults}${VARIANTS:+, variants: $VARIANTS}; endpoint exposed on all;" \
	"wrk -t$THREADS -c$CONNECTIONS from readiness," \
	"$SEGMENTS x ${SEGMENT}s; JVM options: ${JAVA_OPTS[*]}; $(nproc) cores, $("${JAVA:-java}" -version 2>&1 | head -1), $(date -u +%FT%TZ)."
rm -rf "$WORK"
