#!/usr/bin/env bash
# First request after readiness against the warm median, per route, on the benchmark applications
# that stand for users who configure nothing (bench/rest-app, bench/web-app, bench/api-app). Every
# route is measured in a fresh JVM: start the jar, wait until its log says ACCEPTING_TRAFFIC, send
# one request to the route, then 15 more; first/warm is the first request divided by the median of
# the 15. Every JVM's figure is printed, then the median per route.
#
# Readiness is read from the log, not by polling /actuator/health: every poll would itself be a
# request through the whole stack, i.e. a warm-up, and hide what is being measured.
#
# Runs are recorded in bench/results/2026-12-01-warmup-first-requests.md and
# bench/results/2026-12-04-product-catalog-app-jit.md, every JVM's figure, and summarized
# in docs/benchmarks.md.
#
# Usage: bench/first-request.sh rest|rest3|web|api|api-open [default|discover|off|without|compare] [runs]
#   rest, web  bench/rest-app, bench/web-app
#   rest3      bench/rest-app built on Spring Boot 3.5 with the Boot 3 starter (spring-boot3/bench-rest-app)
#   api        bench/api-app (context path /api), HTTP Basic with a member's credentials
#   api-open   bench/api-app with app.security.enabled=false
#   default    the starter as a user gets it
#   discover   with tomcat-latency.warmup.discover-routes=true
#   off        with tomcat-latency.warmup.enabled=false, for comparison
#   without    the same application packaged without the starter
#   compare    per route and run, the starter's defaults and then the same jar with
#              tomcat-latency.enabled=false, each in a fresh JVM; prints the first-request penalty
#              share the defaults leave per route, (first_on - warm_on) / (first_off - warm_off)
#   jar        an application built elsewhere, unchanged but for the starter: JAR names its fat jar,
#              ROUTES_FILE its routes, one "METHOD PATH [JSON body]" a line (paths with the context
#              path), AUTH_HEADER the header its routes need, if any; JAVA the java to run it with.
#              It runs in the current directory.
# BENCH_JAR=path measures that jar instead of the one built from this tree (e.g. an older build);
# ONLY=regex measures only the routes ("METHOD PATH") it matches.
source "$(dirname "$0")/common.sh"

APP=${1:?usage: first-request.sh rest|rest3|web|api|api-open|jar [default|discover|off|without|compare] [runs]}
VARIANT=${2:-default}
RUNS=${3:-3}
WARM_REQUESTS=15
APP_ARGS=()
AUTH=()

case $APP in
rest | rest3)
	JAR="$BENCH_DIR/rest-app/target/bench-rest-app.jar"
	[[ $APP == rest ]] || JAR="$ROOT_DIR/spring-boot3/bench-rest-app/target/bench-rest-app-boot3.jar"
	ROUTES=("GET /hello" "GET /items" "GET /items/1" "POST /items" "GET /v3/api-docs" "GET /swagger-ui/index.html")
	TARGET=2
	;;
web)
	JAR="$BENCH_DIR/web-app/target/bench-web-app.jar"
	ROUTES=("GET /" "GET /books" "GET /books/search?q=the" "GET /books/1" "GET /css/site.css")
	TARGET=3
	;;
api | api-open)
	JAR="$BENCH_DIR/api-app/target/bench-api-app.jar"
	ROUTES=("GET /api/books" "GET /api/books?title=river" "GET /api/books/1" "GET /api/authors/1/books"
		"GET /api/books/1/reviews?minRating=3" "POST /api/books/1/reviews" "GET /api/demo/fail"
		"GET /api/v3/api-docs")
	TARGET=2
	if [[ $APP == api ]]; then
		AUTH=(-u librarian:librarian-secret)
	else
		APP_ARGS=(--app.security.enabled=false)
	fi
	;;
jar)
	BENCH_JAR=${JAR:?JAR names the fat jar to measure}
	mapfile -t ROUTES < <(grep -v '^[[:space:]]*$' "${ROUTES_FILE:?ROUTES_FILE names its routes}")
	[[ -z ${AUTH_HEADER:-} ]] || AUTH=(-H "$AUTH_HEADER")
	TARGET=2
	;;
*)
	echo "Unknown application '$APP': rest, rest3, web, api, api-open or jar" >&2
	exit 1
	;;
esac
case $VARIANT in
default) ARGS=() ;;
discover) ARGS=(--tomcat-latency.warmup.discover-routes=true) TARGET=1.5 ;;
off) ARGS=(--tomcat-latency.warmup.enabled=false) ;;
without) ARGS=() JAR=${JAR%.jar}-without-starter.jar ;;
compare) ARGS=() ;;
*)
	echo "Unknown variant '$VARIANT': default, discover, off, without or compare" >&2
	exit 1
	;;
esac

if [[ -n ${ONLY:-} ]]; then
	selected=()
	for route in "${ROUTES[@]}"; do
		[[ $route =~ $ONLY ]] && selected+=("$route")
	done
	ROUTES=("${selected[@]}")
fi
if [[ -n ${BENCH_JAR:-} ]]; then
	JAR=$BENCH_JAR
else
	build_bench_apps
fi
trap stop_samples EXIT
WORK=$(mktemp -d)

# send METHOD URL [BODY]: one request to a route, with the JSON body the route takes.
send() {
	if [[ -n ${3:-} ]]; then
		request_ms "$1" "$2" "${AUTH[@]}" -H 'Content-Type: application/json' -d "$3"
	elif [[ $1 == POST && $2 == */reviews ]]; then
		request_ms POST "$2" "${AUTH[@]}" -H 'Content-Type: application/json' \
			-d '{"reviewer":"bench","rating":4,"comment":"Read it twice."}'
	elif [[ $1 == POST ]]; then
		request_ms POST "$2" -H 'Content-Type: application/json' -d '{"name":"kettle","quantity":2}'
	else
		request_ms GET "$2" "${AUTH[@]}"
	fi
}

# measure NAME METHOD PATH [ARGS...]: one fresh JVM, its first request and warm median to the route,
# appended to $WORK/NAME.first and .warm; prints the JVM's figures.
measure() {
	local variant=$1 method=$2 path=$3 body=$4 port log start ready first warm file
	shift 4
	port=$(free_port)
	log="$WORK/app.log"
	start=$(now_ms)
	READY_LOG_LINE=$READINESS_LINE start_jar "$JAR" "$port" "$log" \
		--logging.level.org.springframework.boot.availability=debug "${APP_ARGS[@]}" "$@"
	ready=$(($(now_ms) - start))
	if ! first=$(send "$method" "http://127.0.0.1:$port$path" "$body"); then
		# Not a figure: say why (the end of its log) and go on with the next JVM.
		echo "$APP $variant run $run $method $path: no answer; the end of its log:" >&2
		tail -n 15 "$log" >&2
		stop_samples
		return 0
	fi
	warm=$(for ((i = 0; i < WARM_REQUESTS; i++)); do send "$method" "http://127.0.0.1:$port$path" "$body"; done | median)
	stop_samples
	file="$WORK/${variant}_${method}_${path//[^a-zA-Z0-9]/_}${body//[^a-zA-Z0-9]/_}"
	echo "$first" >>"$file.first"
	echo "$warm" >>"$file.warm"
	printf '%-8s %-9s run %d  %-38s first %8.2f ms  warm %7.2f ms  first/warm %6s  ready %5d ms\n' \
		"$APP" "$variant" "$run" "$method $path" "$first" "$warm" "$(ratio "$first" "$warm")" "$ready"
}

for ((run = 1; run <= RUNS; run++)); do
	for route in "${ROUTES[@]}"; do
		read -r method path body <<<"$route"
		if [[ $VARIANT == compare ]]; then
			measure default "$method" "$path" "$body"
			measure disabled "$method" "$path" "$body" --tomcat-latency.enabled=false
		else
			measure "$VARIANT" "$method" "$path" "$body" "${ARGS[@]}"
		fi
	done
done

# stats VARIANT METHOD PATH [BODY]: the route's median first request and median warm median.
stats() {
	local body=${4:-} file="$WORK/${1}_${2}_${3//[^a-zA-Z0-9]/_}${body//[^a-zA-Z0-9]/_}"
	echo "$(median <"$file.first") $(median <"$file.warm")"
}

echo "Medians of $RUNS fresh JVMs per route ($APP app, $VARIANT):"
for route in "${ROUTES[@]}"; do
	read -r method path body <<<"$route"
	if [[ $VARIANT == compare ]]; then
		read -r first warm <<<"$(stats default "$method" "$path" "$body")"
		read -r first_off warm_off <<<"$(stats disabled "$method" "$path" "$body")"
		printf '  %-38s penalty %7.2f ms (first %7.2f, warm %6.2f), disabled %7.2f ms (first %7.2f, warm %6.2f), left %s\n' \
			"$route" "$(awk -v a="$first" -v b="$warm" 'BEGIN { print a - b }')" "$first" "$warm" \
			"$(awk -v a="$first_off" -v b="$warm_off" 'BEGIN { print a - b }')" "$first_off" "$warm_off" \
			"$(awk -v a="$first" -v b="$warm" -v c="$first_off" -v d="$warm_off" \
				'BEGIN { if (c - d <= 0) print "n/a"; else printf "%.0f %%", 100 * (a - b) / (c - d) }')"
	else
		read -r first warm <<<"$(stats "$VARIANT" "$method" "$path" "$body")"
		printf '  %-38s first %8.2f ms  warm %7.2f ms  first/warm %s (target <= %s)\n' \
			"$route" "$first" "$warm" "$(ratio "$first" "$warm")" "$TARGET"
	fi
done
echo "$(nproc) cores, $("${JAVA:-java}" -version 2>&1 | head -1), $(date -u +%F)."
rm -rf "$WORK"
