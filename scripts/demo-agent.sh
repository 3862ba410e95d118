#!/usr/bin/env bash
# The demo's NIC agent (xdp-collector/README.md, "NIC agent"): a veth pair, sonde-agfeed and
# sonde-aghost; xdp-collector/build/frame-feed writes the INT-MD frames the emulator hands off
# (--agent-feed) onto sonde-agfeed, build/nic-agent sits on sonde-aghost as the monitoring host's
# INT sink and publishes to the demo's Redis. The frames are addressed to the emulated hosts'
# MACs, so the kernel behind sonde-aghost drops what the agent passes on: nothing leaves the
# machine. Sourced by scripts/demo.sh; run alone (as root), it starts the agent part only, for an
# emulator started by hand with --agent-feed, until Ctrl-C:
#   scripts/demo-agent.sh [DEMO_DIR]
# Needs root and the XDP toolchain's build (make -C xdp-collector).

nic_agent_feed_port=${SONDE_AGENT_FEED_PORT:-32765}
nic_agent_ifeed=sonde-agfeed
nic_agent_ifhost=sonde-aghost
nic_agent_name=${SONDE_AGENT_NAME:-demo-agent}
nic_agent_pids=""

# Prints why the demo cannot run the agent here and succeeds; fails (prints nothing) when it can.
nic_agent_unavailable() {
  local build=xdp-collector/build
  if [ "$(id -u)" -ne 0 ]; then
    echo "not running as root (the agent attaches an XDP program to a veth pair it creates)"
  elif [ ! -x "$build/nic-agent" ] || [ ! -x "$build/frame-feed" ]; then
    echo "$build/nic-agent or $build/frame-feed is not built (make -C xdp-collector needs clang and libbpf)"
  elif ! command -v ip >/dev/null; then
    echo "the ip command (iproute2) is missing"
  else
    return 1
  fi
}

# Starts frame-feed and nic-agent on a fresh veth pair; logs and the feed's ready file in DEMO_DIR.
nic_agent_start() { # demo_dir redis_port
  local dir=$1 redis_port=$2 i
  ip link del "$nic_agent_ifeed" 2>/dev/null || true
  ip link add "$nic_agent_ifeed" type veth peer name "$nic_agent_ifhost"
  for i in "$nic_agent_ifeed" "$nic_agent_ifhost"; do
    sysctl -qw "net.ipv6.conf.$i.disable_ipv6=1" || true
    ip link set "$i" up
  done
  rm -f "$dir/frame-feed.ready"
  # Small FlowCache (the demo has about fifty flows); histograms and live flows every 2 s.
  xdp-collector/build/nic-agent -i "$nic_agent_ifhost" -r "127.0.0.1:$redis_port" -n "$nic_agent_name" \
    --rows 4096 --flow-interval 2 --hist-interval 2 --counters-interval 2 --idle-timeout 30 \
    -t hop_latency.threshold=500 -t flow_latency.threshold=2000 -t queue_occupancy.threshold=10 \
    >"$dir/nic-agent.log" 2>&1 &
  nic_agent_pids="$!"
  xdp-collector/build/frame-feed -i "$nic_agent_ifeed" -p "$nic_agent_feed_port" -r "$dir/frame-feed.ready" \
    >"$dir/frame-feed.log" 2>&1 &
  nic_agent_pids="$nic_agent_pids $!"
  for _ in $(seq 50); do
    [ -s "$dir/frame-feed.ready" ] && return 0
    sleep 0.1
  done
  echo "frame-feed did not listen on 127.0.0.1:$nic_agent_feed_port; its log:" >&2
  cat "$dir/frame-feed.log" >&2
  return 1
}

# Stops what nic_agent_start started and removes the veth pair (both ends go with one).
nic_agent_stop() {
  local pid
  for pid in $nic_agent_pids; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  nic_agent_pids=""
  ip link del "$nic_agent_ifeed" 2>/dev/null || true
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  cd "$(dirname "$0")/.."
  dir=${1:-$PWD/.demo}
  mkdir -p "$dir"
  if reason=$(nic_agent_unavailable); then
    echo "no NIC agent: $reason" >&2
    exit 1
  fi
  trap nic_agent_stop EXIT
  trap 'exit 130' INT TERM
  nic_agent_start "$dir" "${REDIS_PORT:-6379}"
  echo "NIC agent on $nic_agent_ifhost, fed on 127.0.0.1:$nic_agent_feed_port (emulator: --agent-feed 127.0.0.1:$nic_agent_feed_port)"
  echo "logs: $dir/nic-agent.log $dir/frame-feed.log; Ctrl-C stops it"
  wait
fi
