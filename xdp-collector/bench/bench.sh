#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# make bench (as root): every BENCH line of the XDP collector.
#  1. bench_prog: ns per report (BPF_PROG_TEST_RUN, repeat $REPEAT, median of
#     $RUNS runs) for 1, 3, 6 and 8 hops, steady and with events firing, next
#     to an empty program.
#  2. bench_veth: reports per second on a veth pair between two namespaces
#     created (and deleted on exit) here, the in-kernel generator on one end,
#     the collector in native mode on the other; then the user-space
#     (recvmmsg) baseline fed by the same generator.  Twice: split (the
#     receiver's threaded NAPI and the baseline's reader on CPU 1, the
#     generator on CPU 0) and shared (all on CPU 1, names ending _shared_cpu).
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
REPEAT=${REPEAT:-1000000}
RUNS=${RUNS:-5}
PACKETS=${PACKETS:-5000000}
HOPS=${HOPS:-6}
VECTORS=${VECTORS:-../p4-programs/src/test/resources/vectors}

if [ "$(id -u)" -ne 0 ]; then
	echo "bench: loads BPF programs and creates network namespaces: run as root" >&2
	exit 1
fi
python3 bench/frames.py "$VECTORS" "$B/bench"
echo "BENCH machine_cpus $(nproc) cpus"
# hosts of one machine kind differ by up to 2x and all say "AMD EPYC": family,
# model and cache size tell them apart
cpuinfo() { grep -m1 "^$1[[:space:]]*:" /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'; }
echo "# $(uname -r), $(cpuinfo 'model name') family $(cpuinfo 'cpu family') model $(cpuinfo model) cache $(cpuinfo 'cache size'), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$B/bench_prog" "$B/bench" "$REPEAT" "$RUNS"

GEN=xperf-gen-$$ RX=xperf-rx-$$ GIF=xpg$$ RIF=xpr$$
cleanup() {
	ip netns del "$GEN" 2>/dev/null || true
	ip netns del "$RX" 2>/dev/null || true
}
trap cleanup EXIT
ip netns add "$GEN"
ip netns add "$RX"
ip link add "$GIF" netns "$GEN" type veth peer name "$RIF" netns "$RX"
# the frames' outer destination: MAC 02:00:00:00:c0:01, 192.0.2.100
ip -n "$RX" link set "$RIF" address 02:00:00:00:c0:01
ip -n "$RX" addr add 192.0.2.100/24 dev "$RIF"
ip netns exec "$RX" sysctl -qw net.ipv4.conf.all.rp_filter=0 net.ipv4.conf.default.rp_filter=0
ip netns exec "$RX" sysctl -qw "net.ipv4.conf.$RIF.rp_filter=0"
ip -n "$GEN" link set "$GIF" up
ip -n "$RX" link set "$RIF" up
ip -n "$RX" link set lo up
# split: the receiver's NAPI threaded and pinned to CPU 1, the generator on
# CPU 0 (the collector has a core of its own, as on a NIC queue); shared:
# the previous figure, generator, veth and collector on one CPU.
"$B/bench_veth" "$GEN" "$GIF" "$RX" "$RIF" "$B/bench/steady_${HOPS}h.hex" "$PACKETS" split
"$B/bench_veth" "$GEN" "$GIF" "$RX" "$RIF" "$B/bench/steady_${HOPS}h.hex" "$PACKETS" shared
