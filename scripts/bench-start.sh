#!/usr/bin/env bash
# make bench-start: seconds from `java` to the backend's first health answer, from the runnable
# jar (the baseline) and laid out by scripts/backend-app.sh (extracted, class data sharing),
# alternating, RUNS (5) of each on the same data directory; prints each median and the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
jar=$(ls backend/target/sonde-backend-*-exec.jar 2>/dev/null | head -n 1)
[ -n "$jar" ] || { echo "backend jar missing: run make build" >&2; exit 1; }
fast=$(scripts/backend-app.sh)
scratch=$(mktemp -d)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
redis_port=$(free_port)
http_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --logfile "$scratch/redis.log" --pidfile "$scratch/redis.pid"
trap 'redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT

# Seconds until /actuator/health answers at all (200 UP or 503 DOWN: the service is serving).
start_once() {
  local begin end pid
  begin=$(date +%s.%N)
  # shellcheck disable=SC2086
  java $1 --server.port="$http_port" --spring.data.redis.port="$redis_port" \
    --sonde.timeseries.questdb.data-dir="$scratch/questdb" \
    --sonde.timeseries.questdb.http-port=0 --sonde.timeseries.questdb.pg-port=0 \
    >"$scratch/backend.log" 2>&1 &
  pid=$!
  until curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$http_port/actuator/health" | grep -q '200\|503'; do
    kill -0 "$pid" 2>/dev/null || { tail -n 20 "$scratch/backend.log" >&2; exit 1; }
    sleep 0.05
  done
  end=$(date +%s.%N)
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$end - $begin" | bc
}
median() { sort -n | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

echo "BENCH cpu $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs), family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | xargs) model $(grep -m1 '^model\s' /proc/cpuinfo | cut -d: -f2 | xargs), cache $(grep -m1 'cache size' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cpus"
start_once "-jar $jar" >/dev/null # the data directory's first start creates the tables
jar_times=()
fast_times=()
for i in $(seq 1 "$runs"); do
  jar_times+=("$(start_once "-jar $jar")")
  fast_times+=("$(start_once "$fast")")
  echo "run $i: jar ${jar_times[-1]} s, laid out ${fast_times[-1]} s"
done
jar_median=$(printf '%s\n' "${jar_times[@]}" | median)
fast_median=$(printf '%s\n' "${fast_times[@]}" | median)
echo "BENCH start_s jar $jar_median"
echo "BENCH start_s laid_out $fast_median"
echo "BENCH start_ratio $(echo "scale=2; $jar_median / $fast_median" | bc)"
