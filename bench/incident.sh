#!/usr/bin/env bash
# The incident reproduced on bench/rest-app, a fat jar whose springdoc brings the Swagger UI webjar
# (META-INF/resources). With MOUNT=war (the default) the webjar is also mounted as Tomcat mounts a jar
# of a WAR's WEB-INF/lib (a JarWarResourceSet over a WAR this script builds, bench.webjar-war), the
# incident's mount; with MOUNT=boot only as Spring Boot mounts an application's jars. Each request to GET /hello
# arrives after Tomcat's cache entries have expired (server.tomcat.resource.cache-ttl) and after
# Tomcat's background gc() (server.tomcat.background-processor-delay=1s), with and without the
# culprit, Tomcat's mapper directory redirect (bench.mapper-directory-redirect, which makes the mapper
# look each path up in every resource set before the servlet), and with the starter's resource cache
# (tomcat-latency.cache.enabled) on and off. Each configuration runs in RUNS fresh JVMs, alternating;
# each JVM prints the client's median time of REQUESTS requests and the endpoint's means for the
# route: container, connector (where the mapper runs), resource lookups and their time, and the
# resource set the first request's slowest lookup named.
#
# Usage: bench/incident.sh [runs] [requests]   (SPACING: seconds between requests, 1.2; MOUNT=war|boot)
source "$(dirname "$0")/common.sh"

RUNS=${1:-2}
REQUESTS=${2:-10}
SPACING=${SPACING:-1.2}
CACHE_TTL=${CACHE_TTL:-100ms}
MOUNT=${MOUNT:-war}
JAR="$BENCH_DIR/rest-app/target/bench-rest-app.jar"
CONFIGURATIONS=("redirect=false cache=false" "redirect=true cache=false" "redirect=true cache=true"
	"redirect=false cache=true")

if [[ ! -f "$JAR" || -n "${REBUILD:-}" ]]; then
	(cd "$ROOT_DIR" && mvn -q -B -DskipTests -pl bench/rest-app -am package)
fi
trap stop_samples EXIT
WORK=$(mktemp -d)
MOUNT_ARGS=()
if [[ $MOUNT == war ]]; then
	webjar=$(unzip -Z1 "$JAR" | grep -m1 '^BOOT-INF/lib/swagger-ui-.*\.jar$')
	mkdir -p "$WORK/war/WEB-INF/lib"
	unzip -q -j "$JAR" "$webjar" -d "$WORK/war/WEB-INF/lib"
	(cd "$WORK/war" && zip -q -r "$WORK/app.war" WEB-INF)
	MOUNT_ARGS=(--bench.webjar-war="$WORK/app.war" --bench.webjar-entry="WEB-INF/lib/${webjar##*/}")
fi
echo "bench/incident.sh: $RUNS runs, $REQUESTS requests $SPACING s apart, cache-ttl $CACHE_TTL, mount $MOUNT, $(java -version 2>&1 | head -1)"
echo "| run | mapper directory redirect | starter's cache | client p50 ms | container ms | connector ms | lookups | lookup ms | resource set (first request) |"
echo "|---|---|---|---|---|---|---|---|---|"
for ((run = 1; run <= RUNS; run++)); do
	for configuration in "${CONFIGURATIONS[@]}"; do
		redirect=${configuration%% *}
		redirect=${redirect#redirect=}
		cache=${configuration##*cache=}
		port=$(free_port)
		READY_LOG_LINE=$READINESS_LINE start_jar "$JAR" "$port" "$WORK/app.log" \
			--logging.level.org.springframework.boot.availability=debug \
			--management.endpoints.web.exposure.include=tomcatlatency \
			--server.tomcat.resource.cache-ttl="$CACHE_TTL" --server.tomcat.background-processor-delay=1s \
			--bench.mapper-directory-redirect="$redirect" --tomcat-latency.cache.enabled="$cache" "${MOUNT_ARGS[@]}"
		times=()
		for ((i = 0; i < REQUESTS; i++)); do
			sleep "$SPACING"
			times+=("$(request_ms GET "http://127.0.0.1:$port/hello")")
		done
		p50=$(printf '%s\n' "${times[@]}" | median)
		curl -s -o "$WORK/report.json" "http://127.0.0.1:$port/actuator/tomcat-latency"
		python3 - "$WORK/report.json" "$run" "$redirect" "$cache" "$p50" <<'PY'
import json, sys
report_file, run, redirect, cache, p50 = sys.argv[1:]
with open(report_file) as f:
    report = json.load(f)
route = next((r for r in report["phases"]["topRoutes"] if r["route"] == "/hello"), {})
phases = route.get("phases", {})
parts = phases.get("containerParts") or {}
first = next((r["first"] for r in report["coldRequests"]["worstRoutes"] if r["route"] == "/hello"), {})
resource_set = (first.get("containerParts") or {}).get("resourceSet") or "-"
def ms(value):
    return "-" if value is None else f"{value:.2f}"
container = ms(phases.get("container", {}).get("meanMs"))
print(f"| {run} | {redirect} | {cache} | {float(p50):.2f} | {container} | {ms(parts.get('connectorMs'))}"
      f" | {ms(parts.get('resourceLookups'))} | {ms(parts.get('resourceLookupMs'))} | {resource_set} |")
PY
		stop_samples
	done
done
rm -rf "$WORK"
