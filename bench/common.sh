# Shared by the benchmark scripts: builds the sample fat jar (or the benchmark apps) and starts them.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT_DIR=$(dirname "$BENCH_DIR")
SAMPLE_JAR="$ROOT_DIR/sample/target/tomcat-latency-sample.jar"
READINESS_LINE='ReadinessState changed to ACCEPTING_TRAFFIC'
JAVA_OPTS=(-Xms512m -Xmx512m -XX:+UseParallelGC)
PIDS=()

build_sample() {
	if [[ ! -f "$SAMPLE_JAR" || -n "${REBUILD:-}" ]]; then
		(cd "$ROOT_DIR" && mvn -q -B -DskipTests -pl sample -am package)
	fi
}

free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# start_sample PORT LOGFILE [ARGS...]: starts the jar in the background and waits until it is ready:
# until /actuator/health answers, or with READY_LOG_LINE set until that line is in its log (polling
# health would itself be a request through the whole stack).
start_sample() {
	start_jar "$SAMPLE_JAR" "$@"
}

# start_jar JAR PORT LOGFILE [ARGS...]: as start_sample, for any Spring Boot fat jar, started with
# the JVM options in the array JAVA_OPTS by $JAVA (java on the PATH unless set).
start_jar() {
	local jar=$1 port=$2 log=$3
	shift 3
	start_command "$port" "$log" "${JAVA:-java}" "${JAVA_OPTS[@]}" -jar "$jar" "$@"
}

# start_command PORT LOGFILE COMMAND [ARGS...]: starts a command that runs an application, with
# --server.port and --server.address added, and waits until it is ready, as start_sample.
start_command() {
	local port=$1 log=$2
	launch_command "$@"
	local deadline=$((SECONDS + ${START_TIMEOUT:-90}))
	until is_ready "$port" "$log"; do
		if ((SECONDS > deadline)) || ! kill -0 "${PIDS[-1]}" 2>/dev/null; then
			echo "The application on port $port did not start; its log:" >&2
			cat "$log" >&2
			return 1
		fi
		sleep 0.005
	done
}

# launch_command PORT LOGFILE COMMAND [ARGS...]: starts the command as start_command does, its
# process id last in PIDS, without waiting for it (for callers that learn readiness elsewhere,
# from a load balancer).
launch_command() {
	local port=$1 log=$2
	shift 2
	# Emptied here, not only by the background job's redirection: until that job runs, the
	# readiness check would read the previous JVM's log and find it ready.
	: >"$log"
	"$@" --server.port="$port" --server.address=127.0.0.1 >"$log" 2>&1 &
	PIDS+=($!)
}

# build_bench_apps: packages bench/rest-app, bench/web-app and bench/api-app, and bench/rest-app on
# Spring Boot 3.5, each with and without the starter.
build_bench_apps() {
	if [[ ! -f "$BENCH_DIR/rest-app/target/bench-rest-app.jar" || ! -f "$BENCH_DIR/web-app/target/bench-web-app.jar" \
		|| ! -f "$BENCH_DIR/api-app/target/bench-api-app.jar" \
		|| ! -f "$ROOT_DIR/spring-boot3/bench-rest-app/target/bench-rest-app-boot3.jar" || -n "${REBUILD:-}" ]]; then
		(cd "$ROOT_DIR" && mvn -q -B -DskipTests \
			-pl bench/rest-app,bench/web-app,bench/api-app,spring-boot3/bench-rest-app -am package)
	fi
}

# install_maven_plugin: installs tomcat-latency-maven-plugin from this tree, for its train goal.
install_maven_plugin() {
	(cd "$ROOT_DIR" && mvn -q -B -DskipTests -Dinvoker.skip install -pl maven-plugin -am)
}

# train_bench_app APP JDK OUTPUT: runs the plugin's train goal on bench/APP-app as a user runs it
# (`mvn ...:train -Dtomcat-latency.train.javaHome=JDK`), the training run's warm-up requests from
# bench/trained-start/APP.yml, into OUTPUT; prints how long the goal took.
train_bench_app() {
	local app=$1 jdk=$2 output=$3 version start
	version=$("$ROOT_DIR/release/project-version.sh")
	start=$(now_ms)
	(cd "$ROOT_DIR" && mvn -q -B -pl "bench/$app-app" \
		"io.github.tomcatlatency:tomcat-latency-maven-plugin:$version:train" \
		-Dtomcat-latency.train.javaHome="$jdk" -Dtomcat-latency.train.outputDirectory="$output" \
		-Dtomcat-latency.train.arguments="--spring.config.additional-location=file:$BENCH_DIR/trained-start/$app.yml")
	echo "train goal: $(($(now_ms) - start)) ms"
}

now_ms() {
	date +%s%3N
}

# request_ms METHOD URL [CURL ARGS...]: prints the time to the full response in milliseconds.
request_ms() {
	local method=$1 url=$2 seconds
	shift 2
	seconds=$(curl -sS -o /dev/null -X "$method" -w '%{time_total}' "$@" "$url") || {
		echo "$method $url failed" >&2
		return 1
	}
	awk -v s="$seconds" 'BEGIN { print s * 1000 }'
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
}

is_ready() {
	if [[ -n ${READY_LOG_LINE:-} ]]; then
		grep -q "$READY_LOG_LINE" "$2"
	else
		curl -fs -o /dev/null "http://127.0.0.1:$1/actuator/health"
	fi
}

stop_samples() {
	for pid in "${PIDS[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
	wait 2>/dev/null || true
	PIDS=()
}

# Clock ticks of CPU time a process has used, user and system.
cpu_ticks() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

median() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
