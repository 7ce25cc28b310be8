#!/usr/bin/env bash
# First request after readiness against the warm median, per route, on the benchmark applications
# that stand for users who configure nothing (bench/rest-app, bench/web-app). Every route is
# measured in a fresh JVM: start the jar, wait until its log says ACCEPTING_TRAFFIC, send one
# request to the route, then 15 more; first/warm is the first request divided by the median of
# the 15. Every JVM's figure is printed, then the median per route.
#
# Readiness is read from the log, not by polling /actuator/health: every poll would itself be a
# request through the whole stack, i.e. a warm-up, and hide what is being measured.
#
# Usage: bench/first-request.sh rest|web [default|discover|off|without] [runs]
#   default   the starter as a user gets it
#   discover  with tomcat-latency.warmup.discover-routes=true
#   off       with tomcat-latency.warmup.enabled=false, for comparison
#   without   the same application packaged without the starter
source "$(dirname "$0")/common.sh"

APP=${1:?usage: first-request.sh rest|web [default|discover|off|without] [runs]}
VARIANT=${2:-default}
RUNS=${3:-3}
WARM_REQUESTS=15

case $APP in
rest)
	JAR="$BENCH_DIR/rest-app/target/bench-rest-app.jar"
	ROUTES=("GET /hello" "GET /items" "GET /items/1" "POST /items" "GET /v3/api-docs" "GET /swagger-ui/index.html")
	TARGET=2
	;;
web)
	JAR="$BENCH_DIR/web-app/target/bench-web-app.jar"
	ROUTES=("GET /" "GET /books" "GET /books/search?q=the" "GET /books/1" "GET /css/site.css")
	TARGET=3
	;;
*)
	echo "Unknown application '$APP': rest or web" >&2
	exit 1
	;;
esac
case $VARIANT in
default) ARGS=() ;;
discover) ARGS=(--tomcat-latency.warmup.discover-routes=true) TARGET=1.5 ;;
off) ARGS=(--tomcat-latency.warmup.enabled=false) ;;
without) ARGS=() JAR=${JAR%.jar}-without-starter.jar ;;
*)
	echo "Unknown variant '$VARIANT': default, discover, off or without" >&2
	exit 1
	;;
esac

build_bench_apps
trap stop_samples EXIT
WORK=$(mktemp -d)

# send METHOD URL: one request to a route, with the JSON body the route takes.
send() {
	if [[ $1 == POST ]]; then
		request_ms POST "$2" -H 'Content-Type: application/json' -d '{"name":"kettle","quantity":2}'
	else
		request_ms GET "$2"
	fi
}

for ((run = 1; run <= RUNS; run++)); do
	for route in "${ROUTES[@]}"; do
		read -r method path <<<"$route"
		port=$(free_port)
		log="$WORK/app.log"
		start=$(now_ms)
		READY_LOG_LINE=$READINESS_LINE start_jar "$JAR" "$port" "$log" \
			--logging.level.org.springframework.boot.availability=debug "${ARGS[@]}"
		ready=$(($(now_ms) - start))
		first=$(send "$method" "http://127.0.0.1:$port$path")
		warm=$(for ((i = 0; i < WARM_REQUESTS; i++)); do send "$method" "http://127.0.0.1:$port$path"; done | median)
		stop_samples
		name="$method $path"
		echo "$first" >>"$WORK/${name//[^a-zA-Z0-9]/_}.first"
		echo "$warm" >>"$WORK/${name//[^a-zA-Z0-9]/_}.warm"
		printf '%-5s %-9s run %d  %-32s first %8.2f ms  warm %7.2f ms  first/warm %6s  ready %5d ms\n' \
			"$APP" "$VARIANT" "$run" "$name" "$first" "$warm" "$(ratio "$first" "$warm")" "$ready"
	done
done

echo "Medians of $RUNS fresh JVMs per route ($APP app, $VARIANT):"
for route in "${ROUTES[@]}"; do
	file="$WORK/${route//[^a-zA-Z0-9]/_}"
	first=$(median <"$file.first")
	warm=$(median <"$file.warm")
	printf '  %-32s first %8.2f ms  warm %7.2f ms  first/warm %s (target <= %s)\n' \
		"$route" "$first" "$warm" "$(ratio "$first" "$warm")" "$TARGET"
done
echo "$(nproc) cores, $(java -version 2>&1 | head -1), $(date -u +%F)."
rm -rf "$WORK"
