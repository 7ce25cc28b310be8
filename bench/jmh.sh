#!/usr/bin/env bash
# JMH benchmark of the starter's work on Tomcat's request path (bench/jmh, RequestPathBenchmark):
# one request through the engine valve, the wrapper and the servlet boundary, recorded in the
# timers, with and without the endpoint's statistics, against the same path without the starter
# (NONE) and without it but with Spring's own http.server.requests observation (OBSERVATION), in
# one run. The starter's added work per request is a variant's time minus NONE's, Spring's
# OBSERVATION's minus NONE's; request runs one thread, contended two on the same recorders and
# route; the GC profiler's gc.alloc.rate.norm is the bytes allocated per request. Builds the module (MVN_ARGS are passed to
# Maven, e.g. -Dmaven.repo.local=...), then runs JMH with the given arguments, by default one fork,
# 5 warm-up and 5 measured iterations of 1 s each, with the GC profiler.
#
# Runs are recorded in bench/results/2026-12-01-jmh-request-path.md, every iteration, and
# summarized in docs/benchmarks.md.
#
# Usage: [MVN_ARGS='...'] bench/jmh.sh [JMH arguments, e.g. -f 3 -wi 10 -i 10 -prof gc]
source "$(dirname "$0")/common.sh"

read -r -a MVN_EXTRA <<<"${MVN_ARGS:-}"
# One reactor build: the starter's modules resolve to their target/classes, nothing is installed.
(cd "$ROOT_DIR" && mvn -q -B -DskipTests "${MVN_EXTRA[@]}" -pl bench/jmh -am package dependency:build-classpath \
	-Dmdep.outputFile=target/classpath.txt)
ARGS=("$@")
((${#ARGS[@]})) || ARGS=(-f 1 -wi 5 -w 1s -i 5 -r 1s -prof gc)
"${JAVA:-java}" -cp "$BENCH_DIR/jmh/target/classes:$(cat "$BENCH_DIR/jmh/target/classpath.txt")" org.openjdk.jmh.Main \
	RequestPathBenchmark "${ARGS[@]}"
echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1), $(date -u +%FT%TZ)."
