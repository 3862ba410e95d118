#!/usr/bin/env bash
# Runs a command with a Redis answering on 127.0.0.1:${REDIS_PORT:-6379}: uses the one that is
# there, or starts one (no persistence) and stops it afterwards. Never stops a Redis it did not
# start.
# usage: scripts/with-redis.sh COMMAND...
set -euo pipefail
port=${REDIS_PORT:-6379}
started_pid=""
stop_started() {
  if [ -n "$started_pid" ]; then
    redis-cli -h 127.0.0.1 -p "$port" shutdown nosave >/dev/null 2>&1 || kill "$started_pid" 2>/dev/null || true
    echo "stopped the redis-server this run started on port $port"
  fi
}
trap stop_started EXIT
if redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1; then
  echo "using the redis-server already answering on 127.0.0.1:$port"
else
  redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
    --logfile "${TMPDIR:-/tmp}/sonde-redis-$port.log" &
  started_pid=$!
  for _ in $(seq 1 100); do
    redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null || { echo "redis-server did not start on $port" >&2; exit 1; }
  echo "started redis-server on 127.0.0.1:$port for this run"
fi
"$@"
