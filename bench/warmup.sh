#!/usr/bin/env bash
# First-request latency of the sample with the warm-up on and off. Each measurement starts the
# packaged sample in a fresh JVM, waits until it reports ACCEPTING_TRAFFIC, sends one request
# to a route and then 20 more; it prints the first request divided by the warm median, for a
# route the sample's application.yml warms up and for one it does not, and the ratio of the
# start-up times (launch to ready).
#
# Readiness is read from the log, not by polling /actuator/health: every poll would itself be
# a request through the whole stack, i.e. a warm-up, and hide what is being measured.
#
# Runs are recorded in bench/results/2026-11-30-warmup-sample.md and summarized in
# docs/benchmarks.md.
#
# Usage: [CONFIGURED=/path] [NOT_CONFIGURED=/path] [SAMPLE_ARGS='--a=b ...'] bench/warmup.sh [runs]
source "$(dirname "$0")/common.sh"

RUNS=${1:-5}
CONFIGURED=${CONFIGURED:-/greetings/bench}
NOT_CONFIGURED=${NOT_CONFIGURED:-/fast}
WARM_REQUESTS=20
read -r -a SAMPLE_ARGS <<<"${SAMPLE_ARGS:-}"

build_sample
trap stop_samples EXIT
WORK=$(mktemp -d)

# measure VARIANT ROUTE ARGS...: one fresh start, appends to $WORK/VARIANT.ROUTE-NAME.* files.
measure() {
	local variant=$1 name=$2 route=$3
	shift 3
	local port log start
	port=$(free_port)
	log="$WORK/$variant-$name.log"
	start=$(now_ms)
	READY_LOG_LINE=$READINESS_LINE start_sample "$port" "$log" \
		--logging.level.org.springframework.boot.availability=debug "${SAMPLE_ARGS[@]}" "$@"
	echo $(($(now_ms) - start)) >>"$WORK/$variant.startup"
	request_ms GET "http://127.0.0.1:$port$route" >>"$WORK/$variant.$name.first"
	for ((i = 0; i < WARM_REQUESTS; i++)); do
		request_ms GET "http://127.0.0.1:$port$route"
	done | median >>"$WORK/$variant.$name.warm"
	stop_samples
}

for ((run = 1; run <= RUNS; run++)); do
	for variant in on off; do
		args=()
		[[ $variant == off ]] && args=(--tomcat-latency.warmup.enabled=false)
		measure "$variant" configured "$CONFIGURED" "${args[@]}"
		measure "$variant" not-configured "$NOT_CONFIGURED" "${args[@]}"
	done
	echo "run $run of $RUNS done"
done

for variant in on off; do
	for name in configured not-configured; do
		route=$CONFIGURED
		[[ $name == not-configured ]] && route=$NOT_CONFIGURED
		first=$(median <"$WORK/$variant.$name.first")
		warm=$(median <"$WORK/$variant.$name.warm")
		printf 'warm-up %-3s %-14s %-18s first %8.2f ms  warm median %6.2f ms  first/warm %s\n' \
			"$variant" "$name" "$route" "$first" "$warm" "$(ratio "$first" "$warm")"
	done
done
on=$(median <"$WORK/on.startup")
off=$(median <"$WORK/off.startup")
printf 'start-up to ready: warm-up on %s ms, off %s ms, ratio %s\n' "$on" "$off" "$(ratio "$on" "$off")"
echo "Targets with warm-up on: first/warm <= 1.3 configured, <= 2 not configured; start-up ratio <= 1.15."
echo "Medians of $RUNS fresh JVMs per line, $(nproc) cores, $(date -u +%F)."
rm -rf "$WORK"
