#!/usr/bin/env bash
# Lays the backend's runnable jar out for a fast start: extracted (Spring Boot's
# `-Djarmode=tools extract`, the libraries as plain jars beside it) and with a class data
# sharing archive recorded by one training start; each step starts the backend faster
# (docs/OPERATIONS.md, "Starting fast").
# Does nothing when backend/target/app is newer than the jar. Prints the java arguments
# that start the backend from it, `java $(scripts/backend-app.sh) --key=value ...`, or with
# --classpath those that put it on the class path (another main class, ./sonde-collector).
set -euo pipefail
cd "$(dirname "$0")/.."
jar=$(ls backend/target/sonde-backend-*-exec.jar 2>/dev/null | head -n 1)
[ -n "$jar" ] || { echo "backend jar missing: run make build" >&2; exit 1; }
app=$PWD/backend/target/app
extracted="$app/$(basename "$jar")"
archive="$app/sonde-backend.jsa"
# One layout at a time: the demo's or soak's collector and backend may ask together.
exec 9>"$(dirname "$jar")/.backend-app.lock"
flock 9
if [ ! -f "$archive" ] || [ "$jar" -nt "$archive" ]; then
  rm -rf "$app"
  java -Djarmode=tools -jar "$jar" extract --destination "$app" >&2
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  echo "recording the class data sharing archive (one start of the backend, on free ports) ..." >&2
  # spring.context.exit=onRefresh: the context is built (every class a start loads), then
  # the JVM exits and writes the archive. Redis need not answer for that.
  java -XX:ArchiveClassesAtExit="$scratch/backend.jsa" -Dspring.context.exit=onRefresh -jar "$extracted" \
    --server.port=0 --spring.data.redis.port=1 \
    --sonde.timeseries.questdb.data-dir="$scratch/questdb" \
    --sonde.timeseries.questdb.http-port=0 --sonde.timeseries.questdb.pg-port=0 \
    >"$scratch/training.log" 2>&1 || { tail -n 20 "$scratch/training.log" >&2; exit 1; }
  mv "$scratch/backend.jsa" "$archive"
fi
flock -u 9
# The archive holds the class path it was recorded with: the same absolute jar, by -jar or -cp.
if [ "${1:-}" = "--classpath" ]; then
  echo "-XX:SharedArchiveFile=$archive -cp $extracted"
else
  echo "-XX:SharedArchiveFile=$archive -jar $extracted"
fi
