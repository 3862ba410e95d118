#!/usr/bin/env bash
# The live demo: an emulated FatTree(4) in real time (20 switches, each a P4Runtime server on
# 127.0.0.1), then the backend with its embedded QuestDB and a local Redis, demo credentials
# generated at start, importing the emulator's topology; then, as an operator would through the
# REST API, registers the 20 switches (the backend pushes sonde.p4 and the routes, ECMP groups over
# the FatTree's equal-cost paths) and applies
# the INT configuration of scripts/demo-int-config.json (sources and sinks on the edge, transit
# everywhere, reports to 127.0.0.1:32766), next to which GPINT-3 probing sessions run every 5 s
# (sonde.probes.*: one source-routed probe per path, lost probes recovered), and INT-label with the
# parameters of scripts/demo-labeling.json (Pro mode: Base B in the switches plus the controller's
# adaptive loop; T 50 ms, Ti 100 ms), its coverage live on /labeling. The emulator's control channel listens on
# 127.0.0.1:32767 (SONDE_EMULATOR_CONTROL_PORT; its address also in .demo/emulator.control), so
# `./sonde-emulator ctl ...` restarts switches and fails links while the demo runs. Runs in the
# foreground until Ctrl-C, then stops what it started.
# As root with xdp-collector built, a NIC agent (scripts/demo-agent.sh) takes the INT-MD packets
# the emulator's sinks deliver to hosts (--agent-feed) on a veth pair and publishes their flows,
# events and histograms to the demo's Redis; otherwise the demo says why and runs without it.
# Called by `make demo` after the build; expects Redis on 127.0.0.1:6379 (scripts/with-redis.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
demo_dir=${SONDE_DEMO_DIR:-$PWD/.demo}
port=${SONDE_PORT:-8080}
credentials="$demo_dir/credentials.env"
topology="$demo_dir/topology.json"
emulator_log="$demo_dir/emulator.log"
control_port=${SONDE_EMULATOR_CONTROL_PORT:-32767}
control_file="$demo_dir/emulator.control"
# The backend extracted, with its class data sharing archive: it starts in about half the time.
backend_java=$(scripts/backend-app.sh)
[ -x ./sonde-emulator ] || { echo "./sonde-emulator missing: the emulator's command line is not in this tree" >&2; exit 1; }
mkdir -p "$demo_dir"
rm -f "$credentials" "$topology" "$control_file"

if curl -s -o /dev/null "http://localhost:$port/actuator/health"; then
  echo "something already answers on port $port: stop it or set SONDE_PORT" >&2
  exit 1
fi

emulator=""
backend=""
# shellcheck source=scripts/demo-agent.sh
. scripts/demo-agent.sh
stop_all() {
  # The backend first: it probes the switches, which should not vanish under a running probe.
  for pid in $backend $emulator; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  nic_agent_stop
  echo "demo stopped"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

agent_feed=()
if agent_skipped=$(nic_agent_unavailable); then
  echo "no NIC agent in this demo: $agent_skipped"
else
  nic_agent_start "$demo_dir" "${REDIS_PORT:-6379}"
  agent_feed=(--agent-feed "127.0.0.1:$nic_agent_feed_port")
  echo "NIC agent on $nic_agent_ifhost, fed by frame-feed on $nic_agent_ifeed (logs: $demo_dir/nic-agent.log, $demo_dir/frame-feed.log)"
fi

# Real time, so the switches answer like switches; the export carries the P4Runtime ports they
# listen on, which the backend imports. --no-provision: Sonde, not the emulator, configures them.
# The control channel (sonde-emulator ctl) takes faults on command: switch restarts, link failures.
# 48 flows at 70 packets/s: about the packet rate of 16 at 200, in more 5-tuples, so that the ECMP
# groups Sonde writes spread them over every core (EcmpFabricIntegrationTests holds these flows to it).
./sonde-emulator run --topology fattree:4 --clock real --no-provision --flows 48 --rate 70 \
  --export "$topology" --control-port "$control_port" --control-file "$control_file" "${agent_feed[@]}" \
  >"$emulator_log" 2>&1 &
emulator=$!

echo "starting the emulated FatTree(4) (log: $emulator_log) ..."
start=$(date +%s)
# The export is written once the switches listen; it is complete when it ends with its closing
# brace (a partly written file is also refused by the backend, naming where it ends).
until [ -s "$topology" ] && [ "$(tail -c 2 "$topology" | tr -d '[:space:]')" = "}" ]; do
  if ! kill -0 "$emulator" 2>/dev/null; then
    echo "the emulator exited; last lines of its log:" >&2
    tail -n 40 "$emulator_log" >&2
    exit 1
  fi
  if [ $(( $(date +%s) - start )) -gt 60 ]; then
    echo "the emulator wrote no topology to $topology within 60 s; last lines of its log:" >&2
    tail -n 40 "$emulator_log" >&2
    exit 1
  fi
  sleep 0.5
done

# shellcheck disable=SC2086
java $backend_java \
  --server.port="$port" \
  --sonde.timeseries.questdb.data-dir="$demo_dir/questdb" \
  --sonde.security.demo-credentials-file="$credentials" \
  --sonde.topology.import-file="$topology" \
  --sonde.topology.link-status-url="http://127.0.0.1:$control_port" \
  --sonde.switches.polling-interval=2s \
  --sonde.ingest.udp.enabled=true \
  --sonde.probes.enabled=true \
  --sonde.probes.period=5s \
  --sonde.probes.c=3 \
  --sonde.webhooks.allowed-destinations=127.0.0.1/32 \
  --sonde.webhooks.external-url="http://localhost:$port" \
  >"$demo_dir/backend.log" 2>&1 &
backend=$!

echo "starting Sonde (log: $demo_dir/backend.log) ..."
# The demo's Redis keeps its data (.demo/redis) and may hold a data loss nobody acknowledged (say
# `redis-cli flushall` during an earlier demo): health stays DOWN until someone does. The demo
# imports everything again below, then acknowledges it, as an operator would.
redis_loss=""
until curl -sf "http://localhost:$port/actuator/health" 2>/dev/null | grep -q '"status":"UP"'; do
  if [ -s "$credentials" ]; then
    redis_loss=$(curl -sf -H "Authorization: Bearer $(sed -n 's/^api_token=//p' "$credentials")" \
      "http://localhost:$port/api/v1/system/redis" 2>/dev/null | grep -o '"dataLoss":{[^}]*}' || true)
    [ -n "$redis_loss" ] && break
  fi
  if ! kill -0 "$backend" 2>/dev/null; then
    echo "the backend exited; last lines of its log:" >&2
    tail -n 40 "$demo_dir/backend.log" >&2
    exit 1
  fi
  if [ $(( $(date +%s) - start )) -gt 180 ]; then
    echo "the backend is not healthy after 180 s; health says:" >&2
    # Anonymous health is the overall status only: the demo's token shows the components.
    token=$( [ -f "$credentials" ] && . "$credentials" && echo "${api_token:-}" || true)
    curl -s ${token:+-H "Authorization: Bearer $token"} "http://localhost:$port/actuator/health" >&2 || true
    exit 1
  fi
  sleep 1
done

# shellcheck disable=SC1090
. "$credentials"

api="http://localhost:$port/api/v1"
auth=(-H "Authorization: Bearer $api_token")
curl -sf "${auth[@]}" -X POST "$api/switches/from-topology" >/dev/null \
  || { echo "registering the topology's switches failed" >&2; exit 1; }
curl -sf "${auth[@]}" -X PUT -H 'Content-Type: application/json' \
  --data @scripts/demo-int-config.json "$api/int/config?comment=demo" >/dev/null \
  || { echo "the demo INT configuration was refused:" >&2
       curl -s "${auth[@]}" -X PUT -H 'Content-Type: application/json' \
         --data @scripts/demo-int-config.json "$api/int/config" >&2; exit 1; }
curl -sf "${auth[@]}" -X PUT -H 'Content-Type: application/json' \
  --data @scripts/demo-labeling.json "$api/labeling/parameters?comment=demo" >/dev/null \
  || { echo "the demo labeling parameters were refused:" >&2
       curl -s "${auth[@]}" -X PUT -H 'Content-Type: application/json' \
         --data @scripts/demo-labeling.json "$api/labeling/parameters" >&2; exit 1; }
if [ -n "$redis_loss" ]; then
  curl -sf "${auth[@]}" -X POST "$api/system/redis/acknowledge-data-loss" >/dev/null \
    || { echo "acknowledging Redis's data loss failed" >&2; exit 1; }
  reason=$(sed -n 's/.*"reason":"\([^"]*\)".*/\1/p' <<<"$redis_loss")
  echo "Redis had lost its data ($reason): the topology, the switches, the INT configuration and the labeling parameters"
  echo "were imported again, and the loss acknowledged (POST /api/v1/system/redis/acknowledge-data-loss)."
fi
primary=0
for _ in $(seq 1 30); do
  primary=$(curl -sf "${auth[@]}" "$api/switches" | grep -o '"state":"PRIMARY"' | wc -l || true)
  [ "$primary" -ge 20 ] && break
  sleep 1
done

# Every switch Sonde knows, each with its connection: reachable while primary, backup or observer.
switches_url="$api/switches"
listed=0
reachable=0
for _ in $(seq 1 30); do
  switches=$(curl -sf "${auth[@]}" "$switches_url" || true)
  listed=$(grep -o '"registered":' <<<"$switches" | wc -l || true)
  reachable=$(grep -o '"reachable":true' <<<"$switches" | wc -l || true)
  [ "$listed" -gt 0 ] && [ "$reachable" -eq "$listed" ] && break
  sleep 1
done

# A link the first GPINT-3 path walks (its second and third switches), for the fault example below:
# failing it shows a recovery notification, the link marked unavailable and the re-plan around it.
probed_link=$(curl -sf "${auth[@]}" -X POST -H 'Content-Type: application/json' --data '{"algorithm":"gpint","c":3}' \
  "$api/probes/plans" | sed -n 's/^{[^[]*"paths":\[\["[^"]*","\([^"]*\)","\([^"]*\)".*/\1\/\2/p' || true)
probed_link=${probed_link:-agg-0-0/edge-0-1}

ctl="./sonde-emulator ctl"
if [ "$control_port" != 32767 ]; then
  ctl="./sonde-emulator ctl --port $control_port"
fi

if [ ${#agent_feed[@]} -gt 0 ]; then
  agent_info="
  NIC agent:  $nic_agent_name on $nic_agent_ifhost (a veth pair; the emulator hands it every INT-MD packet its sinks
              deliver to a host): flows, events and histograms on the Flows page, http://localhost:$port/flows
              curl -H \"Authorization: Bearer $api_token\" $api/flows
              curl -H \"Authorization: Bearer $api_token\" $api/agents
              Redis: sonde:stream:flow-records, sonde:stream:agent-events, sonde:stream:agent-histograms,
              sonde:agent:$nic_agent_name:$nic_agent_ifhost:counters
"
else
  agent_info="
  NIC agent:  not running ($agent_skipped)
"
fi

cat <<INFO

  Sonde is up after $(( $(date +%s) - start )) s: health UP.

  Dashboard:  http://localhost:$port/
  Login:      $dashboard_user / $dashboard_password
  API token:  $api_token  (admin)
  Operator token: $operator_token
  Viewer token:   $viewer_token
  (all five are also in $credentials)

  Switches:   $listed emulated switches of a FatTree(4) (real time, P4Runtime on 127.0.0.1),
              $reachable reachable, $primary managed by Sonde as primary controller, with sonde.p4,
              routes and INT (scripts/demo-int-config.json) kept on them:
              http://localhost:$port/topology    (the graph, live, with the traffic each switch sends)
              http://localhost:$port/switches    (states, round trips, reconciliations)
  INT:        reports go to 127.0.0.1:32766, where the backend's Java collector detects events
              (INTCollector's rules; the XDP collector does the same on a NIC, xdp-collector/README.md);
              they stream live on http://localhost:$port/events, history on /metrics,
              events/s and the storage reduction M_all/M_event on the Overview
              (emulator log: $emulator_log; its topology: $topology)

  Probes:     GPINT-3 sessions every 5 s next to the INT traffic (sonde.probes.*), live on
              http://localhost:$port/probes    (paths, probes hop by hop, recovery, latency, history)

  INT-label:  Pro mode on every switch (scripts/demo-labeling.json: T 50 ms, k 3, Ti 100 ms), live on
              http://localhost:$port/labeling   (coverage gauge and chart, freshness heat map, S per port)
              the Overview shows the last window's coverage; API: $api/labeling/coverage
    $ctl link set edge-0-0/agg-0-0 --loss 60%    # items crossing it get lost: coverage drops, then Pro
                                                 # raises S on the stale ports (heat map, "S per port")
    $ctl link clear edge-0-0/agg-0-0             # items arrive again: coverage recovers, S steps back to 0

$agent_info
  Faults:     the emulator takes them on command (docs/OPERATIONS.md, "The emulator's control commands"):
    $ctl status
    $ctl restart edge-0-0 --down 7s          # power cycle; Sonde redials and repairs it
    $ctl link set edge-0-0/agg-0-0 --loss 100%   # the reports of the flows crossing it stop
    $ctl link clear edge-0-0/agg-0-0
    $ctl link down core-0/agg-0-0          # its ECMP next hops leave their groups; also: link up, stop, start
    $ctl link set $probed_link --loss 100%   # a GPINT path's link: recovery notification, marked unavailable, re-planned
    $ctl link clear $probed_link

  Try the API:
    curl -H "Authorization: Bearer $api_token" http://localhost:$port/api/v1/system
    curl -H "Authorization: Bearer $api_token" $switches_url
    curl -H "Authorization: Bearer $api_token" $api/switches/edge-0-0/diff
    curl -H "Authorization: Bearer $api_token" $api/int/config/versions
    curl -H "Authorization: Bearer $api_token" $api/labeling/parameters/versions
    curl -H "Authorization: Bearer $api_token" "$api/labeling/coverage?back=PT1M"

  Ctrl-C stops the demo.
INFO
wait "$backend"
