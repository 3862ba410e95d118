#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# The NIC agent's accuracy (root), paper 002's Fig. 6: the agent fixture's
# INT-MD frames (a FatTree(4) run of the emulator) are replayed by tcpreplay
# from one end of a veth pair into build/nic-agent on the other, which
# publishes to a redis-server of the test's own.  tests/agent_accuracy.py then
# compares what the agent delivered (histograms per switch and metric, its
# flow_latency events, its flow records) with the emulator's truth, bin by
# bin.  tcpdump on the agent's interface sees what the agent passed on: it
# must be the frames the emulator's hosts received, byte for byte.  A trap
# stops what it started and deletes the namespaces.
set -euo pipefail
cd "$(dirname "$0")/.."
SUITE=agent_accuracy TAG="sac$$"
# shellcheck source=tests/daemon_harness.sh
. tests/daemon_harness.sh
FIX=tests/agent_fixtures
PPS=${PPS:-20000}
WIDTHS=hop_latency=25000,queue_occupancy=1,link_utilization=1000,flow_latency=40000
AGENT=accuracy
KEY="sonde:agent:$AGENT:$IF:counters"

frames=$(wc -l <"$FIX/int_md.truth.jsonl")

ip netns add "$NS_TX"
ip netns add "$NS_RX"
ip link add "${TAG}a" netns "$NS_TX" type veth peer name "$IF" netns "$NS_RX"
for ns in "$NS_TX" "$NS_RX"; do
	ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.disable_ipv6=1
	ip netns exec "$ns" sysctl -qw net.ipv6.conf.default.disable_ipv6=1
	ip -n "$ns" link set lo up
done
ip -n "$NS_TX" link set "${TAG}a" up
ip -n "$NS_RX" link set "$IF" up

redis_start

# flow_latency threshold 0: an event for every packet whose summed latency
# is over 0, so the end-to-end table has every packet's value
ip netns exec "$NS_RX" "$B/nic-agent" -i "$IF" -r "127.0.0.1:$PORT" -n "$AGENT" \
	--rows 1024 --flow-interval 1 --hist-interval 1 --counters-interval 0.2 \
	--age-interval 0 --retain-seconds 0 \
	--bin-width hop_latency=25000 --bin-width queue_occupancy=1 --bin-width link_utilization=1000 \
	-t flow_latency.threshold=0 >"$TMP/out" 2>"$TMP/err" &
DAEMON=$!
check "the daemon attaches and connects" wait_until '[ "$(counter mode)" = native ]'

ip netns exec "$NS_RX" tcpdump -i "$IF" -U -s 0 -B 16384 -w "$TMP/passed.pcap" ip 2>"$TMP/dump.err" &
DUMP=$!
wait_until 'grep -q listening "$TMP/dump.err"'

ip netns exec "$NS_TX" tcpreplay -q -i "${TAG}a" --pps "$PPS" "$FIX/int_md.pcap" >"$TMP/replay.out" 2>&1
check "tcpreplay sent the $frames frames" grep -q "Actual: $frames packets" "$TMP/replay.out"
check "the agent stripped the $frames frames" wait_until '[ "$(counter stripped)" = "$frames" ]'
check "every event read was published" \
	wait_until '[ "$(counter ring_events)" = "$(counter published)" ] && [ "$(counter buffered)" = 0 ]'
for c in rg_lost ri_lost redis_dropped evicted hops_over_limit; do
	v=$(counter "$c")
	check "counter $c is 0 (${v:-absent})" test "${v:-0}" = 0
done
unparsed=$(rcli HGETALL "$KEY" | paste - - | awk '$1 ~ /^unparsed_/ && $2 != 0' || true)
check "nothing unparsed" test -z "$unparsed"

check "the Fig. 6 comparison: every bin loses < 0.1%, none over-counts" \
	ip netns exec "$NS_RX" python3 tests/agent_accuracy.py "$FIX/int_md.truth.jsonl" "$PORT" "$WIDTHS"

kill -INT "$DUMP"
wait "$DUMP" 2>/dev/null || true
DUMP=
check "what the agent passed on is what the emulator's hosts received, byte for byte" \
	python3 - "$TMP/passed.pcap" "$FIX/host_frames.pcap" <<'PY'
import collections, struct, sys
def frames(path):
    data, at, out = open(path, "rb").read(), 24, []
    while at < len(data):
        caplen = struct.unpack_from("<I", data, at + 8)[0]
        out.append(data[at + 16:at + 16 + caplen])
        at += 16 + caplen
    return out
passed, host = frames(sys.argv[1]), frames(sys.argv[2])
missing = collections.Counter(host) - collections.Counter(passed)
extra = collections.Counter(passed) - collections.Counter(host)
print("passed on %d frames, the hosts received %d: %d missing, %d not the hosts'"
      % (len(passed), len(host), sum(missing.values()), sum(extra.values())))
sys.exit(0 if not missing and not extra else 1)
PY

kill -TERM "$DAEMON"
wait "$DAEMON" 2>/dev/null && rc=0 || rc=$?
DAEMON=
check "SIGTERM: a clean exit" test "$rc" = 0

echo "$SUITE: $passed passed, $failed failed"
test "$failed" -eq 0
