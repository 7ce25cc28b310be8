#!/usr/bin/env bash
# What the resource-cache pinning holds on the benchmark applications at default configuration:
# starts the jar with the starter in a fresh JVM, sends each route a few times plus repeated
# requests to paths nothing serves, then prints the endpoint's cache settings and statistics
# (pinned entries, bytes and hits; remembered missing paths, bytes and hits). Only the endpoint is
# exposed; nothing else is configured.
#
# Usage: bench/resource-cache.sh rest|web [runs]
source "$(dirname "$0")/common.sh"

APP=${1:?usage: resource-cache.sh rest|web [runs]}
RUNS=${2:-1}
case $APP in
rest) PATHS=(/hello /items /v3/api-docs /swagger-ui/index.html /favicon.ico) ;;
web) PATHS=(/ /books "/books/search?q=the" /books/1 /css/site.css /favicon.ico) ;;
*)
	echo "Unknown application '$APP': rest or web" >&2
	exit 1
	;;
esac
JAR="$BENCH_DIR/$APP-app/target/bench-$APP-app.jar"

build_bench_apps
trap stop_samples EXIT
WORK=$(mktemp -d)
for ((run = 1; run <= RUNS; run++)); do
	port=$(free_port)
	READY_LOG_LINE=$READINESS_LINE start_jar "$JAR" "$port" "$WORK/app.log" \
		--logging.level.org.springframework.boot.availability=debug \
		--management.endpoints.web.exposure.include=tomcatlatency
	for ((i = 0; i < 5; i++)); do
		for path in "${PATHS[@]}" /missing/site.css /wp-login.php; do
			curl -s -o /dev/null "http://127.0.0.1:$port$path"
		done
	done
	curl -s "http://127.0.0.1:$port/actuator/tomcat-latency" | python3 -c '
import json, sys
cache = json.load(sys.stdin).get("cache") or {}
s, t = cache.get("settings", {}), cache.get("statistics", {})
print(f"""'"$APP"' run '"$run"': pinned {t.get("pinnedEntries")} entries, {t.get("pinnedBytes")} bytes, {t.get("pinnedHits")} hits;"""
      f""" missing {t.get("missingEntries")} paths, {t.get("missingBytes")} bytes, {t.get("missingHits")} hits;"""
      f""" TTL cache {t.get("lookups")} lookups, {t.get("hits")} hits, {t.get("sizeBytes")} bytes"""
      f""" (pin budget {s.get("pinMaxSizeBytes")} bytes, ttl {s.get("ttlMs")} ms)""")'
	stop_samples
done
rm -rf "$WORK"
