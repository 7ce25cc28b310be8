#!/usr/bin/env bash
# The trained start users get from tomcat-latency-maven-plugin's train goal, against the same jar
# with tomcat-latency.enabled=false and no JVM cache (plain Spring Boot), on one JDK.
#
#   bench/trained-start.sh APP JAVA [RUNS]
#
# APP is web (Thymeleaf + JPA on H2), rest or api (JPA, HTTP Basic, context path /api); JAVA is 25
# (AOT cache) or 17 (dynamic CDS archive), JAVA_25_HOME and JAVA_17_HOME name the JDKs. The goal
# runs once, as a user runs it (`mvn ...:train -Dtomcat-latency.train.javaHome=...`), with the
# training run's warm-up requests from bench/trained-start/APP.yml. Then RUNS rounds (default 5),
# each a fresh JVM of either variant, alternating: plain `java -jar app.jar
# --tomcat-latency.enabled=false`, and the goal's start.sh with the starter's defaults. Both run
# with the JDK's default JVM options, as users do. Each JVM is ready when its log says
# ReadinessState changed to ACCEPTING_TRAFFIC (launch to that line is the time to ready); then the
# first visit, the first request of each page in order, then WARM_REQUESTS more of each page (warm
# medians). The penalty left is the first visit's time above the warm medians, trained over plain,
# from the medians of each. Every JVM's figures are printed.
#
# APP_ARGS adds application arguments to both variants' JVMs (the plain one ignores tomcat-latency.*);
# TRAINED_ARGS adds them to the trained JVMs only (a production warm-up setting under test).
# NO_BUILD=1 uses the benchmark apps and the plugin as they were last built and installed.
# APP=jar measures an application built elsewhere whose own build ran the goal: JAR names its fat jar,
# TRAINED the goal's outputDirectory, PAGES the paths to visit (space-separated).
#
# Runs are recorded in bench/results/2026-12-02-trained-start.md, every JVM's line, and
# summarized in docs/benchmarks.md.
source "$(dirname "$0")/common.sh"

APP=${1:?usage: trained-start.sh web|rest|api 25|17 [runs]}
JAVA_VERSION=${2:?25 or 17}
RUNS=${3:-5}
WARM_REQUESTS=${WARM_REQUESTS:-15}
AUTH=()
case $JAVA_VERSION in
25) JDK=${JAVA_25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64} ;;
17) JDK=${JAVA_17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64} ;;
*) echo "JAVA must be 25 or 17" >&2; exit 2 ;;
esac
case $APP in
web) PAGES=(/ "/books/search?q=the" /books) ;;
rest) PAGES=(/hello /items /items/1) ;;
api) PAGES=(/api/books "/api/books?title=river" /api/books/1) AUTH=(-u librarian:librarian-secret) ;;
jar) read -ra PAGES <<<"${PAGES:?PAGES names the paths to visit}" ;;
*) echo "APP must be web, rest, api or jar" >&2; exit 2 ;;
esac
JAVA_OPTS=()
if [[ $APP == jar ]]; then
	JAR=${JAR:?JAR names the fat jar} OUTPUT=${TRAINED:?TRAINED names the outputDirectory of the train goal}
else
	JAR="$BENCH_DIR/$APP-app/target/bench-$APP-app.jar"
	OUTPUT="$BENCH_DIR/$APP-app/target/trained-start-$JAVA_VERSION"
	if [[ -z ${NO_BUILD:-} ]]; then
		build_bench_apps
		install_maven_plugin
	fi
	train_bench_app "$APP" "$JDK" "$OUTPUT"
fi
echo "trained: $(grep -v '^#' "$OUTPUT/application/tomcat-latency-training.properties" | sort | tr '\n' ' ')"

trap stop_samples EXIT
RESULTS=$(mktemp)
LOG=$(mktemp)

# visit VARIANT RUN COMMAND...: one fresh JVM; appends "variant run ready first... warm..." to $RESULTS.
visit() {
	local variant=$1 run=$2 port start ready firsts=() warms=()
	shift 2
	port=$(free_port)
	start=$(now_ms)
	READY_LOG_LINE=$READINESS_LINE start_command "$port" "$LOG" "$@" \
		--logging.level.org.springframework.boot.availability=debug
	ready=$(($(now_ms) - start))
	for page in "${PAGES[@]}"; do
		firsts+=("$(request_ms GET "http://127.0.0.1:$port$page" "${AUTH[@]}")")
	done
	for page in "${PAGES[@]}"; do
		warms+=("$(for ((i = 0; i < WARM_REQUESTS; i++)); do request_ms GET "http://127.0.0.1:$port$page" "${AUTH[@]}"; done | median)")
	done
	if grep -q 'Unable to use shared archive\|\[error' "$LOG"; then
		echo "$variant run $run: the JVM did not use its cache:" >&2
		grep 'shared archive\|\[error\|\[warning' "$LOG" >&2
	fi
	stop_samples
	printf '%-8s run %s  ready %6s ms  first %s ms  warm %s ms\n' "$variant" "$run" "$ready" \
		"$(printf '%.1f ' "${firsts[@]}")" "$(printf '%.1f ' "${warms[@]}")"
	echo "$variant $run $ready ${firsts[*]} ${warms[*]}" >>"$RESULTS"
}

for ((run = 1; run <= RUNS; run++)); do
	visit plain "$run" "$JDK/bin/java" -jar "$JAR" --tomcat-latency.enabled=false ${APP_ARGS:-}
	visit trained "$run" env JAVA_HOME="$JDK" "$OUTPUT/application/start.sh" ${APP_ARGS:-} ${TRAINED_ARGS:-}
done

pages=${#PAGES[@]}
# column VARIANT N: the Nth figure of each of the variant's JVMs (1: ready, then firsts, then warms).
column() {
	awk -v v="$1" -v n="$2" '$1 == v { print $(n + 2) }' "$RESULTS"
}
# penalty VARIANT: the first visit above the warm medians, from the medians over the JVMs.
penalty() {
	local total=0 first warm
	for ((p = 1; p <= pages; p++)); do
		first=$(column "$1" $((1 + p)) | median)
		warm=$(column "$1" $((1 + pages + p)) | median)
		total=$(awk -v t="$total" -v f="$first" -v w="$warm" 'BEGIN { print t + f - w }')
	done
	echo "$total"
}
echo
echo "$APP app${TRAINED_ARGS:+, trained with $TRAINED_ARGS}, Java $JAVA_VERSION ($("$JDK/bin/java" -version 2>&1 | head -1)), $RUNS JVMs per variant, pages ${PAGES[*]}:"
for variant in plain trained; do
	printf '  %-8s ready median %6s ms; first visit median %s ms; warm medians %s ms; penalty %.1f ms\n' "$variant" \
		"$(column "$variant" 1 | median)" \
		"$(for ((p = 1; p <= pages; p++)); do column "$variant" $((1 + p)) | median; done | xargs printf '%.1f ')" \
		"$(for ((p = 1; p <= pages; p++)); do column "$variant" $((1 + pages + p)) | median; done | xargs printf '%.1f ')" \
		"$(penalty "$variant")"
done
echo "  time to ready trained/plain: $(ratio "$(column trained 1 | median)" "$(column plain 1 | median)")x;" \
	"penalty left: $(awk -v t="$(penalty trained)" -v p="$(penalty plain)" 'BEGIN { printf "%.0f", 100 * t / p }') %"
echo "  $(nproc) cores, $(date -u +%FT%TZ)"
rm -f "$RESULTS" "$LOG"
