#!/usr/bin/env bash
# The live demo: the backend with its embedded QuestDB and a local Redis, demo credentials
# generated at start. Runs in the foreground until Ctrl-C, then stops what it started.
# Called by `make demo` after the build; expects Redis on 127.0.0.1:6379 (scripts/with-redis.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
demo_dir=${SONDE_DEMO_DIR:-$PWD/.demo}
port=${SONDE_PORT:-8080}
credentials="$demo_dir/credentials.env"
jar=$(ls backend/target/sonde-backend-*-exec.jar 2>/dev/null | head -n 1)
[ -n "$jar" ] || { echo "backend jar missing: run make build" >&2; exit 1; }
mkdir -p "$demo_dir"
rm -f "$credentials"

if curl -s -o /dev/null "http://localhost:$port/actuator/health"; then
  echo "something already answers on port $port: stop it or set SONDE_PORT" >&2
  exit 1
fi

java -jar "$jar" \
  --server.port="$port" \
  --sonde.timeseries.questdb.data-dir="$demo_dir/questdb" \
  --sonde.security.demo-credentials-file="$credentials" \
  >"$demo_dir/backend.log" 2>&1 &
backend=$!
trap 'kill $backend 2>/dev/null; wait $backend 2>/dev/null; echo "demo stopped"' EXIT INT TERM

echo "starting Sonde (log: $demo_dir/backend.log) ..."
start=$(date +%s)
until curl -sf "http://localhost:$port/actuator/health" 2>/dev/null | grep -q '"status":"UP"'; do
  if ! kill -0 "$backend" 2>/dev/null; then
    echo "the backend exited; last lines of its log:" >&2
    tail -n 40 "$demo_dir/backend.log" >&2
    exit 1
  fi
  if [ $(( $(date +%s) - start )) -gt 120 ]; then
    echo "the backend is not healthy after 120 s; health says:" >&2
    curl -s "http://localhost:$port/actuator/health" >&2 || true
    exit 1
  fi
  sleep 1
done

# shellcheck disable=SC1090
. "$credentials"
cat <<INFO

  Sonde is up after $(( $(date +%s) - start )) s: health UP.

  Dashboard:  http://localhost:$port/
  Login:      $dashboard_user / $dashboard_password
  API token:  $api_token
  (all three are also in $credentials)

  Try the API:
    curl -H "Authorization: Bearer $api_token" http://localhost:$port/api/v1/system

  Ctrl-C stops the demo.
INFO
wait "$backend"
