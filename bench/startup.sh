#!/usr/bin/env bash
# Time to ready of the benchmark applications with and without the starter: launch to the
# log's ReadinessState ACCEPTING_TRAFFIC line, alternating the jar built with the starter and
# the one built without it, a fresh JVM each. Every JVM's figure is printed, then the medians
# and their ratio.
#
# Runs are recorded in bench/results/2026-12-01-warmup-first-requests.md and summarized in docs/benchmarks.md.
#
# Usage: bench/startup.sh rest|web|api [runs] [extra application arguments...]
#   (api: bench/api-app; --app.security.enabled=false opens it)
source "$(dirname "$0")/common.sh"

APP=${1:?usage: startup.sh rest|web|api [runs] [args...]}
RUNS=${2:-5}
shift $(($# < 2 ? $# : 2))
case $APP in
rest | web | api) ;;
*)
	echo "Unknown application '$APP': rest, web or api" >&2
	exit 1
	;;
esac
WITH="$BENCH_DIR/$APP-app/target/bench-$APP-app.jar"
WITHOUT="$BENCH_DIR/$APP-app/target/bench-$APP-app-without-starter.jar"

build_bench_apps
trap stop_samples EXIT
WORK=$(mktemp -d)

for ((run = 1; run <= RUNS; run++)); do
	for variant in with without; do
		jar=$WITH
		[[ $variant == without ]] && jar=$WITHOUT
		port=$(free_port)
		start=$(now_ms)
		READY_LOG_LINE=$READINESS_LINE start_jar "$jar" "$port" "$WORK/app.log" \
			--logging.level.org.springframework.boot.availability=debug "$@"
		ready=$(($(now_ms) - start))
		stop_samples
		echo "$ready" >>"$WORK/$variant"
		printf '%-4s run %d  %-15s ready %5d ms\n' "$APP" "$run" "$variant starter" "$ready"
	done
done
with=$(median <"$WORK/with")
without=$(median <"$WORK/without")
printf '%s: time to ready, median of %d: with the starter %s ms, without %s ms, ratio %s (target <= 1.15)\n' \
	"$APP" "$RUNS" "$with" "$without" "$(ratio "$with" "$without")"
echo "$(nproc) cores, $(date -u +%F)."
rm -rf "$WORK"
