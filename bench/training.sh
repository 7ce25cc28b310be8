#!/usr/bin/env bash
# What a JVM cache trained on requests brings, on the benchmark apps left at their defaults:
# no cache, a cache from Spring Boot's documented training run (-Dspring.context.exit=onRefresh,
# which exits before the server serves a request), and a cache from the starter's training mode
# (--tomcat-latency.warmup.training=true). On Java 25 the cache is the JDK's AOT cache
# (-XX:AOTCacheOutput / -XX:AOTCache), on Java 17 a dynamic CDS archive
# (-XX:ArchiveClassesAtExit / -XX:SharedArchiveFile). Every variant runs the extracted jar
# layout (java -Djarmode=tools -jar app.jar extract) with the same JVM options.
#
#   bench/training.sh prepare APP JAVA      extracts the jar and runs both training runs
#   bench/training.sh measure APP JAVA [N]  N fresh JVMs per variant and route (default 4)
#
# APP is web (Thymeleaf + JPA on H2) or rest; JAVA is 25 or 17 (JAVA_25_HOME, JAVA_17_HOME
# name the JDKs). Each measured JVM starts, is ready when its log says ReadinessState changed
# to ACCEPTING_TRAFFIC (polling health would itself warm the app up), then gets one request to
# one route (first) and 20 more (warm median). Every JVM's figure is printed. The measured
# JVMs run the starter's default warm-up, as users would; WARMUP=off adds
# --tomcat-latency.warmup.enabled=false to show the cache's own effect. TRAINING_ARGS adds
# arguments to the training mode's run, for example warm-up requests to routes with path variables.
source "$(dirname "$0")/common.sh"

PHASE=${1:?prepare or measure}
APP=${2:?web or rest}
JAVA_VERSION=${3:?25 or 17}
RUNS=${4:-4}
WARMUP=${WARMUP:-on}
WARM_REQUESTS=20
case $JAVA_VERSION in
25) JAVA_HOME_USED=${JAVA_25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64} ;;
17) JAVA_HOME_USED=${JAVA_17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64} ;;
*) echo "JAVA must be 25 or 17" >&2; exit 2 ;;
esac
JAVA="$JAVA_HOME_USED/bin/java"
case $APP in
web) ROUTES=(/ /books "/books/search?q=river" /books/1) ;;
rest) ROUTES=(/hello /items /items/1) ;;
*) echo "APP must be web or rest" >&2; exit 2 ;;
esac
JAR="$ROOT_DIR/bench/$APP-app/target/bench-$APP-app.jar"
WORK="$ROOT_DIR/bench/target/training/$APP-$JAVA_VERSION"
APP_JAR="$WORK/app/bench-$APP-app.jar"
# G1, the JVM's default here, archives heap objects in both cache formats; training and
# measured runs must use the same options.
JAVA_OPTS=(-Xms512m -Xmx512m -XX:+UseG1GC)
CACHE_SUFFIX=$([[ $JAVA_VERSION == 25 ]] && echo aot || echo jsa)

# cache_options VARIANT MODE: the JVM options that write (MODE=train) or use (MODE=use) the cache.
cache_options() {
	local file="$WORK/$1"
	if [[ $JAVA_VERSION == 25 ]]; then
		[[ $2 == train ]] && echo "-XX:AOTCacheOutput=$file.$CACHE_SUFFIX" || echo "-XX:AOTCache=$file.$CACHE_SUFFIX"
	else
		[[ $2 == train ]] && echo "-XX:ArchiveClassesAtExit=$file.$CACHE_SUFFIX" ||
			echo "-XX:SharedArchiveFile=$file.$CACHE_SUFFIX"
	fi
}

# train VARIANT ARGS...: one training run; prints how long it ran and how it exited.
train() {
	local variant=$1 start status
	shift
	start=$(now_ms)
	set +e
	(cd "$WORK" && "$JAVA" "${JAVA_OPTS[@]}" "$(cache_options "$variant" train)" "$@" >"$WORK/$variant-training.log" 2>&1)
	status=$?
	set -e
	local served
	served=$(grep -o 'Training run sent [0-9]* warm-up requests in [0-9.]* ms' "$WORK/$variant-training.log" || true)
	printf 'training %-8s exit status %s, %s ms launch to exit (cache assembly included)%s\n' "$variant" "$status" \
		"$(($(now_ms) - start))" "${served:+; $served}"
	((status == 0)) || { tail -40 "$WORK/$variant-training.log" >&2; return 1; }
}

prepare() {
	[[ -f $JAR ]] || (cd "$ROOT_DIR" && mvn -q -B -DskipTests package -pl "bench/$APP-app" -am)
	rm -rf "$WORK" && mkdir -p "$WORK"
	"$JAVA" -Djarmode=tools -jar "$JAR" extract --destination "$WORK/app" >/dev/null
	train boot -Dspring.context.exit=onRefresh -jar "$APP_JAR" --server.port=0
	local extra=()
	read -ra extra <<<"${TRAINING_ARGS:-}"
	[[ -z ${TRAINING_ARGS:-} ]] || echo "training mode's run also gets: $TRAINING_ARGS"
	train training -jar "$APP_JAR" --server.port=0 --tomcat-latency.warmup.training=true "${extra[@]}"
	ls -l "$WORK"/*."$CACHE_SUFFIX"
}

# measure_one VARIANT ROUTE RUN: a fresh JVM; appends "variant route run ready first warm" to $RESULTS.
measure_one() {
	local variant=$1 route=$2 run=$3 port log start ready options=()
	port=$(free_port)
	log="$WORK/measure.log"
	[[ $variant != none ]] && options=("$(cache_options "$variant" use)")
	local args=()
	[[ $WARMUP == off ]] && args=(--tomcat-latency.warmup.enabled=false)
	# start_jar sees this JVM's options: bash locals reach the functions called.
	local JAVA_OPTS=("${JAVA_OPTS[@]}" "${options[@]}")
	start=$(now_ms)
	READY_LOG_LINE=$READINESS_LINE start_jar "$APP_JAR" "$port" "$log" \
		--logging.level.org.springframework.boot.availability=debug "${args[@]}"
	ready=$(($(now_ms) - start))
	local first warm
	first=$(request_ms GET "http://127.0.0.1:$port$route")
	warm=$(for ((i = 0; i < WARM_REQUESTS; i++)); do request_ms GET "http://127.0.0.1:$port$route"; done | median)
	stop_samples
	printf '%-8s %-22s run %s  ready %6s ms  first %8.2f ms  warm %7.2f ms\n' "$variant" "$route" "$run" "$ready" \
		"$first" "$warm"
	echo "$variant $route $run $ready $first $warm" >>"$RESULTS"
}

summary() {
	echo
	echo "Medians of $RUNS JVMs ($APP app, Java $JAVA_VERSION, warm-up $WARMUP); ratios paired by run:"
	for route in "${ROUTES[@]}"; do
		for variant in none boot training; do
			awk -v v="$variant" -v r="$route" '$1 == v && $2 == r { print $5 }' "$RESULTS" | median | xargs printf \
				"  %-22s %-8s first median %8.2f ms" "$route" "$variant"
			awk -v v="$variant" -v r="$route" '$1 == v && $2 == r { print $6 }' "$RESULTS" | median | xargs printf \
				"  warm median %6.2f ms\n"
		done
		local ratios
		ratios=$(awk -v r="$route" '$2 == r && $1 == "boot" { b[$3] = $5 } $2 == r && $1 == "training" { t[$3] = $5 }
			END { for (k in t) if (k in b) printf "%.2f ", t[k] / b[k] }' "$RESULTS")
		echo "  $route first(training)/first(boot) per run: $ratios-> median $(tr ' ' '\n' <<<"$ratios" | grep . | median) (target <= 0.6)"
	done
	for variant in none boot training; do
		awk -v v="$variant" '$1 == v { print $4 }' "$RESULTS" | median | xargs printf "  time to ready %-8s median %s ms\n" "$variant"
	done
	local ready_ratios
	ready_ratios=$(awk '$1 == "boot" { b[$2 " " $3] = $4 } $1 == "training" { t[$2 " " $3] = $4 }
		END { for (k in t) if (k in b) printf "%.2f ", t[k] / b[k] }' "$RESULTS")
	echo "  ready(training)/ready(boot) per JVM pair: $ready_ratios-> median $(tr ' ' '\n' <<<"$ready_ratios" | grep . | median) (target <= 1.0)"
	echo "$(nproc) cores, $("$JAVA" -version 2>&1 | head -1), JVM options ${JAVA_OPTS[*]}, $(date -u +%FT%TZ)."
}

measure() {
	for variant in boot training; do
		[[ -f $WORK/$variant.$CACHE_SUFFIX ]] || { echo "No $variant cache: run prepare first" >&2; exit 1; }
	done
	trap stop_samples EXIT
	RESULTS=$(mktemp)
	for ((run = 1; run <= RUNS; run++)); do
		for route in "${ROUTES[@]}"; do
			for variant in none boot training; do
				measure_one "$variant" "$route" "$run"
			done
		done
	done
	summary
	rm -f "$RESULTS"
}

"$PHASE"
