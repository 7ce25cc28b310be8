#!/usr/bin/env bash
# A rolling deploy at peak behind a real load balancer: what users see while each new instance
# joins (issue 50). HAProxy on loopback, round robin over three instances of bench/web-app, each
# with graceful shutdown, HTTP health checks on the readiness probe every 500 ms, retries and
# redispatch. A constant arrival rate (bench/rollout/OpenLoad.java, an open model: latency counts
# from each request's due time) on two pages; after WARM s of load and STEADY s of steady state, a
# rolling restart, one instance at a time: SIGTERM, wait for the old JVM to exit, start the new one on
# the same port, wait until HAProxy's stats say UP, SETTLE s, next. The load runs on until each new
# instance has had CPU_WINDOW s of traffic. The same jar up to five ways, all on one JDK (Java 25):
# the starter off (--tomcat-latency.enabled=false), the starter's defaults, the trained start (the
# tomcat-latency-maven-plugin train goal's start.sh, its AOT cache), and the last two opted in to
# calling the application's own pages before readiness, as a user who wants them warm sets it
# (opted-in, trained-opted-in: discover-routes=true, and each page with a query string, which
# discovery cannot call, as a configured warm-up request).
#
# bench/rollout/RolloutReport.java joins each request to the server HAProxy sent it to (by an
# X-Request-Id header HAProxy logs) and writes, per run, per phase and per second, the requests
# sent and failed, p50/p99/max latency overall and of the requests to the newest instance, the
# p99 and max in the 5 s after each join against the steady p99, and each new instance's CPU
# seconds over its first CPU_WINDOW s of traffic (/proc/PID/stat at the join and after).
#
# Usage: bench/rollout.sh [off|defaults|trained|opted-in|trained-opted-in]...
#                                                      (the ways to run; off, defaults, trained if none)
#        bench/rollout.sh report                       (the report again, over every run in RESULTS)
# Environment:
#   RUNS=1         rounds; each round runs every way given once, in order
#   RATE=20        requests per second (the two pages alternate): on the 2 shared CPUs of
#                  bench/results/2026-12-05-rollout.md 40 left no steady window when other work ran
#   WARM=120       seconds of load before the steady window (the first JVMs' JIT settles and the
#                  queue their start built drains)
#   STEADY=30      seconds of the steady window the spikes are compared with
#   SETTLE=15      seconds between a join and the next SIGTERM
#   CPU_WINDOW=60  seconds of traffic each new instance's CPU is counted over
#   JOIN_TIMEOUT=60  seconds a new instance has to be marked up; if it is not, the rollout stops
#   START_TIMEOUT=240  seconds the first three instances, started together, have to be marked up
#   BAD=hang|kill  the BAD_INSTANCE-th new instance (default 2) is stopped (SIGSTOP, a JVM that
#                  never answers) or killed (SIGKILL) once Tomcat has started, mid-warm-up: it must
#                  never get traffic, and the script must report it and stop within JOIN_TIMEOUT
#   JDK            the JDK of the instances (default Temurin 25); NO_BUILD=1 skips the builds
#   OPT_IN_ARGS    more settings of the opted-in ways, space-separated (for example the warm-up's
#                  repetitions: tomcat-latency.warmup.discover-repetitions=30)
#   JAR, PAGES, TRAINED  another application, built elsewhere: its fat jar, the paths the load
#                  alternates (space-separated) and, for the trained way, the outputDirectory of the
#                  train goal its own build ran; nothing is built or trained then
#   RESULTS        where the runs go (default bench/results/DATE-rollout/, the report beside it)
# shellcheck source=bench/common.sh
source "$(dirname "$0")/common.sh"

RUNS=${RUNS:-1}
RATE=${RATE:-20}
WARM=${WARM:-120}
STEADY=${STEADY:-30}
SETTLE=${SETTLE:-15}
CPU_WINDOW=${CPU_WINDOW:-60}
JOIN_TIMEOUT=${JOIN_TIMEOUT:-60}
START_TIMEOUT=${START_TIMEOUT:-240}
BAD=${BAD:-}
BAD_INSTANCE=${BAD_INSTANCE:-2}
JDK=${JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
RESULTS=${RESULTS:-$BENCH_DIR/results/$(date -u +%F)-rollout}
if [[ -n ${JAR:-} ]]; then
	read -ra PAGES <<<"${PAGES:?PAGES names the paths the load alternates}"
	TRAINED=${TRAINED:-}
	OTHER_APP=1
else
	JAR="$BENCH_DIR/web-app/target/bench-web-app.jar"
	TRAINED="$BENCH_DIR/web-app/target/trained-start-25"
	PAGES=(/books "/books/search?q=the")
fi
# Every way instance_command knows, in the order the report and the plot show them.
WAY_NAMES=(off defaults trained opted-in trained-opted-in)
INSTANCES=3
HZ=$(getconf CLK_TCK)
# The instances' own arguments, the same every way: graceful shutdown lets requests in flight
# finish at SIGTERM; the availability log line says when readiness changed; the readiness probe is
# Boot 4's default and on Boot 3.5 Kubernetes' only, as a deployment behind HAProxy sets it.
APP_ARGS=(--server.shutdown=graceful --logging.level.org.springframework.boot.availability=debug
	--management.endpoint.health.probes.enabled=true)

# check_tools: HAProxy and gnuplot come from Debian; the load generator and the report run on the
# java on the PATH (17 or later: single-file source launch).
check_tools() {
	local tool
	for tool in haproxy gnuplot; do
		command -v "$tool" >/dev/null || [[ -x /usr/sbin/$tool ]] || {
			echo "$tool is needed: apt-get install -y haproxy gnuplot-nox" >&2
			exit 1
		}
	done
	PATH=$PATH:/usr/sbin
	[[ -x $JDK/bin/java ]] || { echo "No JDK at $JDK (set JDK)" >&2; exit 1; }
}

# prepare: the web app's jar and, for the trained way, the train goal's output on $JDK.
prepare() {
	if [[ -n ${OTHER_APP:-} ]]; then
		if [[ " $* " == *" trained"* && ! -x $TRAINED/application/start.sh ]]; then
			echo "No application/start.sh in TRAINED ($TRAINED): run the train goal in the application's build" >&2
			exit 1
		fi
		return
	fi
	[[ -n ${NO_BUILD:-} ]] || build_bench_apps
	if [[ " $* " == *" trained"* && (! -x $TRAINED/application/start.sh || -n ${REBUILD:-}) ]]; then
		[[ -n ${NO_BUILD:-} ]] || install_maven_plugin
		train_bench_app web "$JDK" "$TRAINED"
	fi
}

# write_haproxy_config FILE FRONT_PORT STATS_PORT PORT...: one frontend, one backend of the ports.
# Every request is logged to stdout (HAProxy in the foreground, -db: no syslog, no privileges)
# with the request id the load generator sends, so that the report can join the two.
write_haproxy_config() {
	local file=$1 front=$2 stats=$3 i=0
	shift 3
	cat >"$file" <<-EOF
		global
		    log stdout format raw local0 info
		    stats socket ipv4@127.0.0.1:$stats level admin
		    maxconn 2000

		defaults
		    mode http
		    log global
		    timeout connect 1s
		    timeout client 30s
		    timeout server 30s
		    timeout check 1s
		    # A request whose server refused the connection, or closed a reused one without an
		    # answer (Tomcat's graceful shutdown closes its idle keep-alive connections), is sent
		    # again, to another server: both pages are GETs.
		    retries 3
		    option redispatch 1
		    retry-on conn-failure empty-response

		frontend web
		    bind 127.0.0.1:$front
		    http-request capture req.hdr(X-Request-Id) len 16
		    log-format "req %[capture.req.hdr(0)] %s %ST %B %Tw %Tc %Tr %Ta %rc %tsc"
		    default_backend app

		backend app
		    balance roundrobin
		    option httpchk GET /actuator/health/readiness
		    http-check expect status 200
		    default-server inter 500ms
	EOF
	for port in "$@"; do
		i=$((i + 1))
		echo "    server app$i 127.0.0.1:$port check" >>"$file"
	done
}

# haproxy_command COMMAND: HAProxy's answer on its stats socket (TCP, so bash can talk to it).
haproxy_command() {
	local fd
	# Refused until HAProxy listens: the caller polls again.
	{ exec {fd}<>"/dev/tcp/127.0.0.1/$STATS_PORT"; } 2>/dev/null || return 1
	printf '%s\n' "$1" >&"$fd"
	cat <&"$fd"
	exec {fd}>&-
}

# server_status NAME: HAProxy's status of the server (UP, DOWN, "UP 1/2" while rising, ...).
server_status() {
	haproxy_command "show stat" | awk -F, -v s="$1" '$1 == "app" && $2 == s { print $18 }'
}

# event NAME [FIELDS...]: one line of the run's timeline, in epoch milliseconds as the load's times.
event() {
	local IFS=$'\t'
	echo "$(now_ms)	$*" >>"$RUN_DIR/events.tsv"
}

# instance_command WAY: the command line that starts one instance the given way.
instance_command() {
	case $1 in
	off) echo "$JDK/bin/java -jar $JAR --tomcat-latency.enabled=false" ;;
	defaults) echo "$JDK/bin/java -jar $JAR" ;;
	trained) echo "env JAVA_HOME=$JDK $TRAINED/application/start.sh" ;;
	opted-in) echo "$(instance_command defaults) $(opt_in_args)" ;;
	trained-opted-in) echo "$(instance_command trained) $(opt_in_args)" ;;
	esac
}

# opt_in_args: the settings of the opted-in ways, one word each (no page holds a space).
opt_in_args() {
	local page index=0 setting args=(--tomcat-latency.warmup.discover-routes=true)
	for page in "${PAGES[@]}"; do
		[[ $page != *\?* ]] || args+=("--tomcat-latency.warmup.requests[$((index++))].path=$page")
	done
	for setting in ${OPT_IN_ARGS:-}; do args+=("--$setting"); done
	echo "${args[*]}"
}

# launch_instance WAY NUMBER: starts instance NUMBER on its port; its pid in INSTANCE_PID.
launch_instance() {
	local command
	read -r -a command <<<"$(instance_command "$1")"
	launch_command "${PORTS[$2]}" "$RUN_DIR/app$2-$((++LAUNCHES)).log" "${command[@]}" "${APP_ARGS[@]}"
	INSTANCE_PID[$2]=${PIDS[-1]}
	INSTANCE_LOG[$2]="$RUN_DIR/app$2-$LAUNCHES.log"
}

# misbehave NUMBER: for BAD, once Tomcat has started (the warm-up runs between that and readiness),
# stops or kills the instance; true when done.
misbehave() {
	grep -q 'Tomcat started on port' "${INSTANCE_LOG[$1]}" || return 1
	if [[ $BAD == hang ]]; then
		kill -STOP "${INSTANCE_PID[$1]}"
	else
		kill -KILL "${INSTANCE_PID[$1]}"
	fi
	event bad "$1" "$BAD"
	echo "  BAD=$BAD: instance $1 (pid ${INSTANCE_PID[$1]}) $([[ $BAD == hang ]] && echo stopped || echo killed) once Tomcat had started"
}

# wait_until_up NUMBER TIMEOUT: waits until HAProxy marks the server UP; false, with the reason in
# the timeline, if the JVM exits first or TIMEOUT seconds pass.
wait_until_up() {
	local number=$1 timeout=$2 deadline=$((SECONDS + $2)) bad_done="" status
	until [[ $(server_status "app$number") == UP ]]; do
		if [[ -n $BAD && -n $ROLLING && $number == "$BAD_INSTANCE" && -z $bad_done ]] && misbehave "$number"; then
			bad_done=1
		fi
		if ! kill -0 "${INSTANCE_PID[$number]}" 2>/dev/null; then
			wait "${INSTANCE_PID[$number]}" && status=0 || status=$?
			event failed "$number" "exited with status $status before HAProxy marked it up"
			return 1
		fi
		if ((SECONDS > deadline)); then
			event failed "$number" "not marked up by HAProxy within ${timeout}s (HAProxy: $(server_status "app$number"))"
			return 1
		fi
		sleep 0.1
	done
}

# wait_until_down NUMBER: waits until HAProxy has marked the server DOWN after its SIGTERM, so that
# the UP that follows is the new JVM's (the old one stays UP until its third failed check).
wait_until_down() {
	local deadline=$((SECONDS + 10))
	until [[ $(server_status "app$1") == DOWN* ]]; do
		if ((SECONDS > deadline)); then
			event failed "$1" "HAProxy did not mark the old instance down within 10s"
			return 1
		fi
		sleep 0.05
	done
	event down "$1"
}

# sample_cpu NUMBER PID: the instance's CPU ticks at its join and CPU_WINDOW s later, in the
# background (the rollout goes on meanwhile).
sample_cpu() {
	local number=$1 pid=$2 at_join
	at_join=$(cpu_ticks "$pid")
	(
		sleep "$CPU_WINDOW"
		printf '%s\t%s\t%s\t%s\t%s\n' "$number" "$pid" "$HZ" "$at_join" "$(cpu_ticks "$pid" 2>/dev/null || echo NA)" \
			>>"$RUN_DIR/cpu.tsv"
	) &
	SAMPLERS+=($!)
}

# roll: restarts the instances one at a time; false if a new instance never joined.
roll() {
	local number old
	ROLLING=1
	for ((number = 1; number <= INSTANCES; number++)); do
		old=${INSTANCE_PID[$number]}
		event sigterm "$number" "$old"
		kill -TERM "$old"
		wait "$old" || true
		event exited "$number" "$old"
		launch_instance "$WAY" "$number"
		event launched "$number" "${INSTANCE_PID[$number]}"
		if ! wait_until_down "$number" || ! wait_until_up "$number" "$JOIN_TIMEOUT"; then
			echo "  instance $number: $(awk -F'\t' '$2 == "failed" { print $4 }' "$RUN_DIR/events.tsv"); rollout stopped"
			kill -KILL "${INSTANCE_PID[$number]}" 2>/dev/null || true
			return 1
		fi
		event join "$number" "${INSTANCE_PID[$number]}"
		sample_cpu "$number" "${INSTANCE_PID[$number]}"
		echo "  instance $number joined $(($(now_ms) - $(awk -F'\t' -v n="$number" '$2 == "sigterm" && $3 == n { print $1 }' "$RUN_DIR/events.tsv"))) ms after its SIGTERM"
		((number == INSTANCES)) || sleep "$SETTLE"
	done
}

# run_way WAY: one rollout, its files in a new directory of RESULTS.
run_way() {
	WAY=$1
	local n=1 label=$1${BAD:+-bad-$BAD} number urls=() load_pid
	while [[ -e $RESULTS/$label-$n ]]; do n=$((n + 1)); done
	RUN_DIR=$RESULTS/$label-$n
	mkdir -p "$RUN_DIR"
	echo "$label run $n: $(uptime)"
	PORTS=() INSTANCE_PID=() INSTANCE_LOG=() SAMPLERS=() LAUNCHES=0 ROLLING=
	for ((number = 1; number <= INSTANCES; number++)); do PORTS[number]=$(free_port); done
	FRONT_PORT=$(free_port) STATS_PORT=$(free_port)
	printf 'way\t%s\nrate\t%s\npages\t%s\njdk\t%s\ncommand\t%s\nbad\t%s\nuptime_before\t%s\n' "$WAY" "$RATE" \
		"${PAGES[*]}" "$("$JDK/bin/java" -version 2>&1 | head -1)" "$(instance_command "$WAY") ${APP_ARGS[*]}" \
		"${BAD:--}" "$(uptime)" >"$RUN_DIR/meta.tsv"

	# The first instances start together and must all be ready before HAProxy and the load start.
	for ((number = 1; number <= INSTANCES; number++)); do launch_instance "$WAY" "$number"; done
	write_haproxy_config "$RUN_DIR/haproxy.cfg" "$FRONT_PORT" "$STATS_PORT" "${PORTS[@]:1}"
	haproxy -db -f "$RUN_DIR/haproxy.cfg" >"$RUN_DIR/requests.log" 2>"$RUN_DIR/haproxy.err" &
	PIDS+=($!)
	for ((number = 1; number <= INSTANCES; number++)); do
		wait_until_up "$number" "$START_TIMEOUT" || { echo "  instance $number did not start" >&2; stop_samples; return 1; }
	done
	for page in "${PAGES[@]}"; do urls+=("http://127.0.0.1:$FRONT_PORT$page"); done
	java "$BENCH_DIR/rollout/OpenLoad.java" "$RATE" \
		$((WARM + STEADY + INSTANCES * (JOIN_TIMEOUT + 60 + SETTLE) + CPU_WINDOW)) "$RUN_DIR/stop" \
		"$RUN_DIR/load.tsv" "${urls[@]}" 2>"$RUN_DIR/load.err" &
	load_pid=$!
	event load_start
	sleep "$WARM"
	event steady_start
	sleep "$STEADY"
	if roll; then
		wait "${SAMPLERS[@]}"
	else
		# The instance that failed is gone; a few seconds more show that the others carried its share.
		sleep 5
	fi
	event end
	touch "$RUN_DIR/stop"
	wait "$load_pid"
	printf 'uptime_after\t%s\n' "$(uptime)" >>"$RUN_DIR/meta.tsv"
	stop_samples
	gzip -f "$RUN_DIR"/*.log "$RUN_DIR/load.tsv"
	echo "  $(uptime)"
}

# report: RolloutReport over every run in RESULTS, then the plot of p99 per second, a panel for each
# way with a run.
report() {
	local runs=() way ran=()
	mapfile -t runs < <(find "$RESULTS" -mindepth 1 -maxdepth 1 -type d | sort)
	for way in "${WAY_NAMES[@]}"; do
		! compgen -G "$RESULTS/$way-[0-9]*" >/dev/null || ran+=("$way")
	done
	java "$BENCH_DIR/rollout/RolloutReport.java" "$RESULTS.md" "${WAY_NAMES[*]}" "${runs[@]}"
	gnuplot -c "$BENCH_DIR/rollout/p99.gp" "$RESULTS/p99-per-second.png" "$RESULTS" "${ran[*]}"
	echo "Report: $RESULTS.md, plot: $RESULTS/p99-per-second.png"
}

check_tools
if [[ ${1:-} == report ]]; then
	report
	exit
fi
WAYS=("$@")
((${#WAYS[@]})) || WAYS=(off defaults trained)
for way in "${WAYS[@]}"; do
	[[ " ${WAY_NAMES[*]} " == *" $way "* ]] || { echo "Unknown way '$way': one of ${WAY_NAMES[*]}" >&2; exit 2; }
done
[[ -z $BAD || $BAD =~ ^(hang|kill)$ ]] || { echo "BAD is hang or kill" >&2; exit 2; }
prepare "${WAYS[@]}"
trap stop_samples EXIT
mkdir -p "$RESULTS"
for ((round = 1; round <= RUNS; round++)); do
	for way in "${WAYS[@]}"; do
		run_way "$way" || echo "  $way: the rollout stopped early (see $RUN_DIR/events.tsv)"
	done
done
report
