#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# The NIC agent's daemon against a real Redis (root): two namespaces joined
# by a veth pair, a redis-server of the test's own on 127.0.0.1 in the
# receiving one, build/nic-agent attached to the receiving end with a
# FlowCache of one row (12 buckets: the 13th flow evicts the least recently
# updated), INT-MD packets sent from the other end by build/agent_send.
# Checked against agent/REDIS_CONTRACT.md: events (a threshold from the
# hash read at connect, one pushed later by hash + channel, a message
# refused whole), flow records (evicted, active, aged), histograms, the
# counters hash, a Redis outage ridden out (records buffered and delivered
# in order), INT over IPv6 (RFC 5952 addresses), SIGTERM with the program
# detached.  A trap stops what it started and deletes the namespaces.
set -euo pipefail
cd "$(dirname "$0")/.."
SUITE=agent_daemon TAG="sag$$"
# shellcheck source=tests/daemon_harness.sh
. tests/daemon_harness.sh
AGENT=testagent
KEY="sonde:agent:$AGENT:$IF:counters"
THR="sonde:agent:$AGENT:$IF:thresholds"
# the lines of a batched stream (a line has a seq= and the stream's marker)
lines() { rcli XRANGE "$1" - + | grep -E "^seq=[0-9]+ $2" || true; }
events() { lines sonde:stream:agent-events kind=; }
records() { lines sonde:stream:flow-records reason=; }
has_line() { # stream lines (events/records), words... : a line with all of them
	local src=$1 l w ok
	shift
	while read -r l; do
		ok=1
		for w in "$@"; do [[ " $l " == *" $w "* ]] || { ok=0; break; }; done
		[ $ok = 1 ] && return 0
	done < <($src)
	return 1
}
count_lines() { "$1" | grep -c -- "$2" || true; }
send() { ip netns exec "$NS_TX" "$B/agent_send" "${TAG}a" "$@" >/dev/null; }
redis_stop() { kill "$REDIS" && wait "$REDIS" 2>/dev/null || true; REDIS=; }
# Redis back with the thresholds hash (pairs...) in it before the daemon can
# reach it: on a socket only until the hash is written, then on PORT.  why: the
# reconnecting daemon could otherwise read the hash while it is still empty
redis_start_with_thresholds() {
	local sock="$TMP/redis.sock"
	ip netns exec "$NS_RX" redis-server --port 0 --unixsocket "$sock" --bind 127.0.0.1 \
		--daemonize no --save '' --appendonly no --dir "$TMP" --logfile "$TMP/redis.log" &
	REDIS=$!
	wait_until '[ "$(ip netns exec "$NS_RX" redis-cli -s "$sock" PING)" = PONG ]'
	ip netns exec "$NS_RX" redis-cli -s "$sock" HSET "$THR" "$@" >/dev/null
	ip netns exec "$NS_RX" redis-cli -s "$sock" CONFIG SET port "$PORT" >/dev/null
	wait_until '[ "$(rcli PING)" = PONG ]'
}

veth_pair

redis_start
# the thresholds wanted now, read by the daemon when it connects
rcli HSET "$THR" hop_latency.threshold 500 >/dev/null
ip netns exec "$NS_RX" "$B/nic-agent" -i "$IF" -r "127.0.0.1:$PORT" -n "$AGENT" \
	--rows 1 --idle-timeout 3 --age-interval 1 --flow-interval 1 \
	--hist-interval 1 --counters-interval 0.2 --retain-seconds 0 \
	--buffer 30 --bin-width hop_latency=100 \
	-t flow_latency.threshold=100000 >"$TMP/out" 2>"$TMP/err" &
DAEMON=$!
check "the daemon attaches and connects" wait_until '[ "$(counter mode)" = native ]'
check "the hash's threshold is in force" wait_until '[ "$(counter threshold_hop_latency_threshold)" = 500 ]'
check "-t applies at start" test "$(counter threshold_flow_latency_threshold)" = 100000
check "unset thresholds are off" test "$(counter threshold_queue_occupancy_change)" = 18446744073709551615
check "the counters hash names its contract and FlowCache" \
	test "$(counter v)/$(counter rows)/$(counter int_port)" = "1/1/4096"

# 1. thirteen UDP flows through switches 11 and 12 (hop latency 100 and
# 900): the 13th evicts the first; 900 > 500 fires T at switch 12 only
send "17,10.0.0.1,5000+13,10.0.1.2,80,1,11/100/5/70,12/900/6/80"
check "13 threshold events delivered" wait_until '[ "$(events | wc -l)" = 13 ]'
check "an event line as the contract says" has_line events seq=1 kind=threshold \
	types=threshold metric=hop_latency src_ip=10.0.0.1 dst_ip=10.0.1.2 \
	src_port=5000 dst_port=80 protocol=17 switch_id=12 hop=1 value=900 previous=0
check "no event at switch 11 (100 <= 500)" test -z "$(events | grep ' switch_id=11 ' || true)"
check "events entries carry the origin" \
	test "$(rcli XRANGE sonde:stream:agent-events - + COUNT 1 | sed -n 2,9p | paste -sd' ')" = \
	"v 1 agent $AGENT ifname $IF run $(counter run)"
check "events keep their order: seq 1..13" \
	test "$(events | grep -oE '^seq=[0-9]+' | cut -d= -f2 | paste -sd,)" = "$(seq -s, 1 13)"
check "the first flow evicted to R_G, published" \
	wait_until 'has_line records reason=evicted src_port=5000 packets=1 path=11,12 h0_switch=11 h0_latency=100 h1_switch=12 h1_latency=900 e2e_latency=1000'
check "the flows in the cache published as active" \
	wait_until '[ "$(count_lines records reason=active)" -ge 12 ]'
check "an active record: src_port 5012, the newest" has_line records reason=active src_port=5012
check "idle flows aged out" wait_until '[ "$(count_lines records reason=aged)" = 12 ]'
check "aged: every flow but the evicted one" \
	test -z "$(records | grep 'reason=aged' | grep ' src_port=5000 ' || true)"
check "counters: evicted, aged, stripped" \
	wait_until '[ "$(counter evicted)/$(counter aged)/$(counter stripped)" = "1/12/13" ]'
check "counters: everything read was published" \
	wait_until '[ "$(counter ring_events)/$(counter published)" = "13/13" ]'

# 2. histograms: 13 hop latencies of 100 at switch 11, width 100: bin 1
check "a histogram entry per switch and metric" \
	wait_until '[ -n "$(rcli XREVRANGE sonde:stream:agent-histograms + - COUNT 6 | grep -x 11)" ]'
hist() { # switch metric: the bins of its latest entry
	rcli XREVRANGE sonde:stream:agent-histograms + - COUNT 20 |
		awk -v s="$1" -v m="$2" '$0 == "switch_id" {getline; sw = $0}
			$0 == "metric" {getline; me = $0}
			$0 == "bins" {getline; if (sw == s && me == m) {print; exit}}'
}
check "switch 11 hop latency: 13 in bin 1 (width 100)" \
	test "$(hist 11 hop_latency)" = "0,13$(printf ',0%.0s' $(seq 30))"
check "switch 12 hop latency: 13 in bin 9 (900 / 100)" \
	test "$(hist 12 hop_latency | cut -d, -f10)" = 13
check "switch 11 queue occupancy: 13 in bin 0 (5, default width 64)" \
	test "$(hist 11 queue_occupancy | cut -d, -f1)" = 13
widths() { # metric: the bin widths its entries carry
	rcli XREVRANGE sonde:stream:agent-histograms + - COUNT 20 |
		awk -v m="$1" '$0 == "metric" {getline; me = $0}
			$0 == "bin_width" {getline; w = $0}
			$0 == "ts_ns" {if (me == m) print w}' | sort -u
}
check "bin_width as configured: hop_latency 100, link_utilization 1000" \
	test "$(widths hop_latency)/$(widths link_utilization)" = "100/1000"

# 3. a threshold pushed by hash + channel applies; a bad message does not
send "17,10.0.0.2,6000,10.0.1.2,80,1,11/10/50/70"
sleep 0.5
check "queue 50 fires nothing while its threshold is off" \
	test -z "$(events | grep 'metric=queue_occupancy' || true)"
rcli HSET "$THR" queue_occupancy.threshold 10 >/dev/null
rcli PUBLISH "$THR" "queue_occupancy.threshold=10" >/dev/null
check "the pushed threshold shows in the counters" \
	wait_until '[ "$(counter threshold_queue_occupancy_threshold)" = 10 ]'
send "17,10.0.0.2,6000,10.0.1.2,80,1,11/10/50/70"
check "queue 50 > 10 fires a threshold event" \
	wait_until 'has_line events kind=threshold metric=queue_occupancy switch_id=11 hop=0 value=50'
rcli PUBLISH "$THR" "queue_occupancy.threshold=1 hop_latency.threshold=oops" >/dev/null
check "a message with a bad pair is refused" wait_until '[ "$(counter thresholds_rejected)" = 1 ]'
check "and changes nothing" test "$(counter threshold_queue_occupancy_threshold)" = 10
rcli PUBLISH "$THR" "flow_path.threshold=1" >/dev/null
check "flow_path has no threshold type: refused" wait_until '[ "$(counter thresholds_rejected)" = 2 ]'

# 4. Redis away: records buffered (at most --buffer 30 a stream, the
# oldest dropped and counted), delivered in order once it is back; the
# thresholds hash read again at the reconnect
before=$(events | wc -l)
redis_stop
send "17,10.0.0.3,7000+40,10.0.1.2,80,1,11/10/5/70,12/900/6/80"
sleep 1
redis_start_with_thresholds hop_latency.threshold 500 queue_occupancy.threshold 20
check "the hash is read again at the reconnect" \
	wait_until '[ "$(counter threshold_queue_occupancy_threshold)" = 20 ]'
check "the 30 newest events delivered" wait_until '[ "$(events | wc -l)" = 30 ]'
check "the 10 oldest dropped and counted" test "$(counter redis_dropped)" = 10
check "what was delivered, in order, is the newest" \
	test "$(events | grep -oE '^seq=[0-9]+' | cut -d= -f2 | paste -sd,)" = \
	"$(seq -s, $((before + 11)) $((before + 40)))"
newest_flows() { has_line events src_port=7010 && has_line events src_port=7039 &&
	! has_line events src_port=7009; }
check "the delivered events are the flows 7010..7039" newest_flows
check "the published counter adds up" \
	wait_until '[ $(( $(counter published) + $(counter redis_dropped) + $(counter buffered) )) = $(counter ring_events) ]'

# 5. INT over IPv6: a UDP flow (NPT 1) and a TCP flow (NPT 2) stripped,
# their event and flow records with RFC 5952 addresses
stripped=$(counter stripped)
send "17,2001:db8::1,7100,2001:db8:0:1::2,80,1,11/10/5/70,12/900/6/80" \
	"6,2001:db8::1,7101,2001:db8:0:1::2,443,1,11/10/5/70,12/900/6/80"
check "the IPv6 packets stripped" wait_until '[ "$(counter stripped)" = $((stripped + 2)) ]'
check "an IPv6 UDP flow's event line" wait_until 'has_line events kind=threshold \
	metric=hop_latency src_ip=2001:db8::1 dst_ip=2001:db8:0:1::2 src_port=7100 dst_port=80 \
	protocol=17 switch_id=12 hop=1 value=900'
check "an IPv6 TCP flow's event line" has_line events kind=threshold src_ip=2001:db8::1 \
	dst_ip=2001:db8:0:1::2 src_port=7101 dst_port=443 protocol=6 switch_id=12
check "the IPv6 flows' records" wait_until 'has_line records src_ip=2001:db8::1 \
	dst_ip=2001:db8:0:1::2 src_port=7100 dst_port=80 protocol=17 path=11,12 && has_line records \
	src_ip=2001:db8::1 src_port=7101 dst_port=443 protocol=6 e2e_latency=910'
check "nothing unparsed" test "$(rcli HGETALL "$KEY" | paste - - | awk '$1 ~ /^unparsed_/ && $2 != 0')" = ""

# 6. SIGTERM: the daemon stops and detaches the program
kill -TERM "$DAEMON"
wait "$DAEMON" 2>/dev/null && rc=0 || rc=$?
DAEMON=
check "SIGTERM: a clean exit" test "$rc" = 0
check "SIGTERM: the program is detached" \
	test -z "$(ip -n "$NS_RX" link show "$IF" | grep -i xdp || true)"
check "the counters line at exit" grep -q '^counters packets=' "$TMP/out"

echo "$SUITE: $passed passed, $failed failed"
test "$failed" -eq 0
