#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# make bench-nic-agent (as root): the NIC agent's BENCH lines.  A veth pair
# between two namespaces created (and deleted on exit) here; bench_agent
# sends 5-hop x 4-instruction INT-MD packets from the in-kernel generator to
# the agent in native mode, then the collector's 5-hop report to the XDP
# collector, RUNS times, and prints the medians.  PACKETS and RUNS override;
# HIGH_PPM fixes the share of hop values over the threshold (per million)
# instead of the calibration.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
PACKETS=${PACKETS:-5000000}
RUNS=${RUNS:-5}
VECTORS=${VECTORS:-../p4-programs/src/test/resources/vectors}

if [ "$(id -u)" -ne 0 ]; then
	echo "bench-nic-agent: loads BPF programs and creates network namespaces: run as root" >&2
	exit 1
fi
# the collector's frame: its 5-hop report with the agent's 4 instructions
python3 - "$VECTORS" "$B/bench/collector_5h4i.hex" <<'PY'
import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.abspath(sys.argv[1]))
import frames as fr
import intmd
data = fr.tr20(fr.udp_with_int(*intmd.v21(0xB100, intmd.path_hops(5))))[0]
os.makedirs(os.path.dirname(sys.argv[2]), exist_ok=True)
with open(sys.argv[2], "w") as out:
    out.write("".join(" ".join("%02x" % b for b in data[i:i + 16]) + "\n" for i in range(0, len(data), 16)))
PY
cpuinfo() { grep -m1 "^$1[[:space:]]*:" /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'; }
echo "# $(uname -r), $(cpuinfo 'model name') family $(cpuinfo 'cpu family') model $(cpuinfo model) cache $(cpuinfo 'cache size'), $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg)"

GEN=agent-gen-$$ RX=agent-rx-$$ GIF=agg$$ RIF=agr$$
STATS=$(sysctl -n kernel.bpf_stats_enabled)
cleanup() {
	sysctl -qw kernel.bpf_stats_enabled="$STATS" || true
	ip netns del "$GEN" 2>/dev/null || true
	ip netns del "$RX" 2>/dev/null || true
}
trap cleanup EXIT
ip netns add "$GEN"
ip netns add "$RX"
ip link add "$GIF" netns "$GEN" type veth peer name "$RIF" netns "$RX"
# the agent's frames are for another host's MAC: the stack drops what the
# agent passes on at once, after the socket buffer is built
ip -n "$RX" link set "$RIF" address 02:00:00:00:c0:01
ip -n "$GEN" link set "$GIF" up
ip -n "$RX" link set "$RIF" up
# ns per packet inside each program (BPF run-time statistics, on for the bench)
sysctl -qw kernel.bpf_stats_enabled=1
"$B/bench_agent" "$GEN" "$GIF" "$RX" "$RIF" "$B/bench/collector_5h4i.hex" "$PACKETS" "$RUNS"
