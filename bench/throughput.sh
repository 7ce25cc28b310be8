#!/usr/bin/env bash
# Throughput, latency and CPU time per request of the sample with tomcat-latency on and off, side
# by side under wrk. Both JVMs run for the whole benchmark; rounds alternate which one is loaded
# first, so drift in the machine's speed falls on both alike. Prints the medians and the ratios
# on/off. CPU time per request (the server JVM's user+system time from /proc over the requests
# wrk completed) is the steadiest of them on a shared machine: it does not count the time the
# server waits for a CPU.
#
# Usage: [SAMPLE_ARGS='--a=b ...'] bench/throughput.sh [rounds] [seconds-per-run] [path]
source "$(dirname "$0")/common.sh"

ROUNDS=${1:-6}
DURATION=${2:-10}
TARGET=${3:-/fast}
CONNECTIONS=${CONNECTIONS:-16}
read -r -a SAMPLE_ARGS <<<"${SAMPLE_ARGS:-}"

command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk" >&2; exit 1; }
build_sample
trap stop_samples EXIT
WORK=$(mktemp -d)

PORT_ON=$(free_port)
start_sample "$PORT_ON" "$WORK/on.log" "${SAMPLE_ARGS[@]}"
PID_ON=${PIDS[-1]}
PORT_OFF=$(free_port)
start_sample "$PORT_OFF" "$WORK/off.log" "${SAMPLE_ARGS[@]}" --tomcat-latency.enabled=false
PID_OFF=${PIDS[-1]}

# Milliseconds from a wrk latency such as 812.00us, 1.20ms or 1.01s.
to_ms() {
	awk '{ v = $1; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 } print v }'
}

run() {
	local variant=$1 port=$2 pid=$3 out ticks
	ticks=$(cpu_ticks "$pid")
	out=$(wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency "http://127.0.0.1:$port$TARGET")
	ticks=$(($(cpu_ticks "$pid") - ticks))
	echo "$out" | awk '/Requests\/sec/ { print $2 }' >>"$WORK/$variant.rps"
	echo "$out" | awk '$1 == "50%" { print $2 }' | to_ms >>"$WORK/$variant.p50"
	echo "$out" | awk '$1 == "99%" { print $2 }' | to_ms >>"$WORK/$variant.p99"
	echo "$out" | awk -v ticks="$ticks" -v hz="$(getconf CLK_TCK)" \
		'/requests in/ { printf "%.3f\n", ticks * 1e6 / hz / $1 }' >>"$WORK/$variant.cpu"
}

echo "Warming up both JVMs..."
for variant in on off; do
	port=PORT_${variant^^}
	wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" "http://127.0.0.1:${!port}$TARGET" >/dev/null
done

for ((round = 1; round <= ROUNDS; round++)); do
	if ((round % 2)); then order=(on off); else order=(off on); fi
	for variant in "${order[@]}"; do
		port=PORT_${variant^^}
		pid=PID_${variant^^}
		run "$variant" "${!port}" "${!pid}"
	done
	printf 'round %d: on %s req/s %s us CPU/req, off %s req/s %s us CPU/req\n' "$round" "$(tail -1 "$WORK/on.rps")" \
		"$(tail -1 "$WORK/on.cpu")" "$(tail -1 "$WORK/off.rps")" "$(tail -1 "$WORK/off.cpu")"
done

# Ratios within each round (both runs seconds apart), then their median and spread.
for metric in rps cpu; do
	paste "$WORK/on.$metric" "$WORK/off.$metric" | awk '{ print $1 / $2 }' >"$WORK/paired.$metric"
	printf '%-4s per-round ratio  median %.3f  min %.3f  max %.3f\n' "$metric" "$(median <"$WORK/paired.$metric")" \
		"$(sort -g "$WORK/paired.$metric" | head -1)" "$(sort -g "$WORK/paired.$metric" | tail -1)"
done
for metric in rps p50 p99 cpu; do
	on=$(median <"$WORK/on.$metric")
	off=$(median <"$WORK/off.$metric")
	printf '%-4s median  with starter %10.3f  without %10.3f  ratio %.3f\n' "$metric" "$on" "$off" \
		"$(awk -v a="$on" -v b="$off" 'BEGIN { print a / b }')"
done
echo "Target: rps ratio >= 0.99 (throughput with the starter at least 99 % of without); cpu is us of CPU per request."
echo "Path $TARGET, $ROUNDS rounds of ${DURATION}s, $CONNECTIONS connections, $(nproc) cores, $(date -u +%F)."
rm -rf "$WORK"
