#!/usr/bin/env bash
# Runs a command with a Redis answering on 127.0.0.1:${REDIS_PORT:-6379}: uses the one that is
# there, or starts one and stops it afterwards. Never stops a Redis it did not start.
# The Redis it starts keeps Sonde's state of record on disk: append-only file, fsync every
# second (docs/OPERATIONS.md, "Persistence: a production requirement"), in ${REDIS_DIR:-.demo/redis} (git-ignored),
# so a restart keeps the switch registry, the INT configuration and the topology.
# REDIS_FRESH=1 empties that folder first when this run starts the Redis (make test: every run
# from an empty Redis); a Redis already answering is never touched.
# usage: [REDIS_DIR=dir] [REDIS_PORT=port] [REDIS_FRESH=1] scripts/with-redis.sh COMMAND...
set -euo pipefail
port=${REDIS_PORT:-6379}
dir=${REDIS_DIR:-.demo/redis}
started_pid=""
stop_started() {
  if [ -n "$started_pid" ]; then
    # SHUTDOWN writes the append-only file out before Redis exits.
    redis-cli -h 127.0.0.1 -p "$port" shutdown >/dev/null 2>&1 || kill "$started_pid" 2>/dev/null || true
    wait "$started_pid" 2>/dev/null || true
    echo "stopped the redis-server this run started on port $port (data kept in $dir)"
  fi
}
trap stop_started EXIT
if redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1; then
  echo "using the redis-server already answering on 127.0.0.1:$port"
else
  [ "${REDIS_FRESH:-}" = 1 ] && rm -rf "$dir"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  redis-server --port "$port" --bind 127.0.0.1 --save '' \
    --appendonly yes --appendfsync everysec --dir "$dir" --daemonize no \
    --logfile "$dir/redis.log" &
  started_pid=$!
  # PONG only once the append-only file is loaded (LOADING before).
  for _ in $(seq 1 300); do
    [ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" = PONG ] && break
    sleep 0.1
  done
  [ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" = PONG ] \
    || { echo "redis-server did not start on $port (log: $dir/redis.log)" >&2; exit 1; }
  echo "started redis-server on 127.0.0.1:$port for this run (append-only file in $dir)"
fi
"$@"
