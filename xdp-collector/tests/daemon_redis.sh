#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# The daemon against a real Redis (root): two network namespaces joined by a
# veth pair; a redis-server of the test's own on 127.0.0.1 inside the
# receiving namespace (the daemon's 127.0.0.1 is its namespace's), the
# Redis migration of db-migrations applied; the daemon attached to the
# receiving end.  Golden report frames sent from the other namespace must
# appear as the contract's stream entries (REDIS_CONTRACT.md, version 2:
# events batched, one line each, at most --batch per entry); a threshold
# published on the channel changes detection; the periodic push fills the
# snapshots stream; with Redis stopped the daemon keeps running, buffers,
# counts what it dropped past its bound and delivers the rest once Redis is
# back (--retain-seconds 0: Redis restarts empty here, and what the daemon
# re-publishes then is tests/daemon_republish.sh's); SIGTERM stops it with
# the program detached.  Everything it starts
# is stopped and the namespaces deleted by a trap.
set -euo pipefail
cd "$(dirname "$0")/.."
SUITE=daemon_redis TAG="sxd$$"
# shellcheck source=tests/daemon_harness.sh
. tests/daemon_harness.sh
# waits up to 5 s for a command's output to equal a value
wait_for() { # value, command...
	local want=$1 i
	shift
	for i in $(seq 50); do
		[ "$("$@" 2>/dev/null)" = "$want" ] && return 0
		sleep 0.1
	done
	return 1
}
# the fields of the stream entry with this id as "name=value" lines
entry() { # stream, id
	rcli XRANGE "$1" "$2" "$2" | tail -n +2 | paste -d= - -
}
# one line per entry: "ID name=value name=value ... "
flat() {
	rcli XRANGE "$1" - + | awk '/^[0-9]+-[0-9]+$/ && n % 2 == 0 { if (line) print line " "; line = $0; n = 0; next }
		{ if (n % 2 == 0) f = $0; else line = line " " f "=" $0; n++ } END { if (line) print line " " }'
}
last_id() { rcli XREVRANGE "$1" + - COUNT 1 | head -1; }
# the events of sonde:stream:events, one "name=value name=value ..." line
# each (a v2 entry's events field holds them one per line; redis-cli prints
# it as it is, so they are the lines with a kind)
event_lines() { rcli XRANGE sonde:stream:events - + | grep -E '(^| )kind=' || true; }
nevents() { event_lines | wc -l; }
# one event's fields as "name=value" lines
fields_of() { tr ' ' '\n' | grep .; }
# the value of an entry-level field in every entry of the events stream
entry_field() { rcli XRANGE sonde:stream:events - + | awk -v f="$1" 'prev == f {print} {prev = $0}'; }
send() { ip netns exec "$NS_TX" "$B/send_frames" "${TAG}a" 1 "$@" >/dev/null; }

veth_pair

# Frames: the golden TR2.0 report (3 hops + the sink: 13 keys), and the
# same with switch 12's hop latency 3074 -> 3224.
BASE="$V/tr2_0_eth_all_3h.hex"
tr -d ' \n' <"$BASE" | sed 's/0000000c006600ca00000c02/0000000c006600ca00000c98/' >"$TMP/changed.hex"
CHANGED="$TMP/changed.hex"
check "the changed frame differs in switch 12's latency" grep -q 0000000c006600ca00000c98 "$CHANGED"

redis_start
grep -v '^#' "$MIGRATION" | grep . | rcli >/dev/null
# the thresholds wanted now, read by the daemon when it connects
rcli HSET sonde:collector:thresholds link_utilization 5 >/dev/null
ip netns exec "$NS_RX" "$B/collector" -i "$IF" -r "127.0.0.1:$PORT" -n "$NODE" \
	-P 1 --counters-interval 0.3 --buffer 50 --batch 20 --backoff-max-ms 400 --retain-seconds 0 \
	-t hop_latency=100 -t flow_latency=1000000 >"$TMP/out" 2>"$TMP/err" &
DAEMON=$!
check "attached in native mode (auto)" wait_for native counter mode
check "thresholds read from the hash at connect" wait_for 5 counter threshold_link_utilization

# 1. events in the stream, with the contract's fields
send "$BASE"
check "13 new-key events in sonde:stream:events" wait_for 13 nevents
event_lines >"$TMP/events"
check "batched: fewer entries than events" test "$(rcli XLEN sonde:stream:events)" -lt 13
check "the entries' counts add up to 13" test "$(entry_field count | awk '{s += $1} END {print s}')" -eq 13
grep ' metric=flow_path ' "$TMP/events" | fields_of >"$TMP/path"
check "flow path: kind, path, flow key" bash -c "grep -qx kind=new_key $TMP/path && grep -qx path=11,12,13,19 $TMP/path && grep -qx src_ip=203.0.113.10 $TMP/path && grep -qx dst_ip=203.0.113.20 $TMP/path && grep -qx src_port=40001 $TMP/path && grep -qx dst_port=5201 $TMP/path && grep -qx protocol=17 $TMP/path && grep -qx value=4 $TMP/path"
check "report identity: seq, hw_id, node id of the report" bash -c "grep -qx report_seq=2800862 $TMP/path && grep -qx report_hw_id=5 $TMP/path && grep -qx report_node_id=19 $TMP/path"
check "origin fields, once per entry" test "$(entry_field v | sort -u)/$(entry_field node | sort -u)/$(entry_field ifname | sort -u)" = "2/$NODE/$IF"
check "run in every entry" test "$(entry_field run | grep -cx '[0-9]\+')" -eq "$(rcli XLEN sonde:stream:events)"
check "seq in the event" grep -q '^seq=[0-9]\+$' "$TMP/path"
ts=$(sed -n 's/^ts_ns=//p' "$TMP/path")
now=$(date +%s%N)
check "ts_ns is wall-clock time (within 60 s)" test $(((now - ts) / 1000000000)) -lt 60 -a "$ts" -le "$now"
metrics=$(fields_of <"$TMP/events" | sed -n 's/^metric=//p' | sort | uniq -c | awk '{print $2 "=" $1}' | tr '\n' ' ')
check "per metric: 1 path, 1 latency, 4 hop, 4 queue, 3 link ($metrics)" \
	test "$metrics" = "flow_latency=1 flow_path=1 hop_latency=4 link_utilization=3 queue_occupancy=4 "
check "sequence numbers 1..13" test "$(fields_of <"$TMP/events" | sed -n 's/^seq=//p' | sort -n | tr '\n' ' ')" = "1 2 3 4 5 6 7 8 9 10 11 12 13 "
check "the consumer group backend reads them" test \
	"$(rcli XREADGROUP GROUP backend t1 COUNT 100 STREAMS sonde:stream:events '>' | grep -cE '(^| )kind=')" -eq 13
check "counters hash: reports and events" bash -c "$(declare -f wait_for counter rcli); NS_RX=$NS_RX PORT=$PORT KEY=$KEY; wait_for 13 counter published && test \$(counter reports) -eq 1 && test \$(counter events) -eq 13"
check "counters hash: M_all's 13 metric values, one report source, no gap" \
	test "$(counter metric_values)/$(counter report_sources)/$(counter reports_lost)/$(counter reports_reordered)" = "13/1/0/0"

# 2. thresholds from the channel
rcli PUBLISH sonde:collector:thresholds "hop_latency=1000" >/dev/null
check "threshold applied from the channel" wait_for 1000 counter threshold_hop_latency
send "$CHANGED"
check "+150 under T=1000: report counted, no event" bash -c "$(declare -f wait_for counter rcli); NS_RX=$NS_RX PORT=$PORT KEY=$KEY; wait_for 2 counter reports && sleep 0.3 && test \$(rcli XRANGE sonde:stream:events - + | grep -cE '(^| )kind=') -eq 13"
rcli PUBLISH sonde:collector:thresholds "hop_latency=oops" >/dev/null
check "a bad message is refused and counted" wait_for 1 counter thresholds_rejected
rcli PUBLISH sonde:collector:thresholds "hop_latency=10" >/dev/null
check "threshold lowered to 10" wait_for 10 counter threshold_hop_latency
send "$CHANGED"
check "+150 over T=10: one event" wait_for 14 nevents
# the same frame again and again: the same sequence number, a step back
check "a repeated report number counts as reordered" wait_for 2 counter reports_reordered
event_lines | tail -1 | fields_of >"$TMP/changed"
check "hop latency changed 3074 -> 3224 at switch 12" bash -c "grep -qx kind=changed $TMP/changed && grep -qx metric=hop_latency $TMP/changed && grep -qx switch_id=12 $TMP/changed && grep -qx value=3224 $TMP/changed && grep -qx previous=3074 $TMP/changed && grep -qx seq=14 $TMP/changed"

# 3. the periodic push (every second here)
snap_done() { rcli XRANGE sonde:stream:snapshots - + | grep -cx snapshot_end; }
for _ in $(seq 30); do [ "$(snap_done)" -ge 2 ] && break; sleep 0.1; done
check "snapshots pushed" test "$(snap_done)" -ge 2
rcli XRANGE sonde:stream:snapshots - + >"$TMP/snaps"
end_id=$(awk '/^[0-9]+-[0-9]+$/ {id=$0} $0=="snapshot_end" {e=id} END {print e}' "$TMP/snaps")
entry sonde:stream:snapshots "$end_id" >"$TMP/end"
n=$(sed -n 's/^snapshot=//p' "$TMP/end")
check "a snapshot closes with entries=13" grep -qx entries=13 "$TMP/end"
check "snapshot entries carry contract version 2" grep -qx v=2 "$TMP/end"
check "so does the counters hash" test "$(counter v)" = 2
check "snapshot $n has 13 entries" test "$(grep -A1 -x snapshot "$TMP/snaps" | grep -cx "$n")" -eq 14
flat sonde:stream:snapshots >"$TMP/snaps.flat"
check "the snapshot holds switch 12's latest latency" bash -c "grep ' snapshot=$n ' $TMP/snaps.flat | grep ' metric=hop_latency ' | grep ' switch_id=12 ' | grep -q ' value=3224 '"

# 3b. T(m) is unsigned 64-bit from the channel to the program's comparison:
# 2^63 and 2^64-1 are applied whole (a signed reading would make them
# negative, and every change would fire); 2^64 is refused and changes nothing
rcli PUBLISH sonde:collector:thresholds "hop_latency=9223372036854775808" >/dev/null
check "T = 2^63 applied" wait_for 9223372036854775808 counter threshold_hop_latency
rcli PUBLISH sonde:collector:thresholds "hop_latency=18446744073709551615" >/dev/null
check "T = 2^64-1 applied" wait_for 18446744073709551615 counter threshold_hop_latency
rcli PUBLISH sonde:collector:thresholds "hop_latency=18446744073709551616" >/dev/null
check "T = 2^64 refused and counted" wait_for 2 counter thresholds_rejected
check "T = 2^64-1 kept" test "$(counter threshold_hop_latency)" = 18446744073709551615
reports=$(counter reports)
send "$BASE"
check "-150 under T = 2^64-1: report counted, no event" bash -c "$(declare -f wait_for counter rcli event_lines nevents); NS_RX=$NS_RX PORT=$PORT KEY=$KEY; wait_for $((reports + 1)) counter reports && sleep 0.3 && test \$(nevents) -eq 14"
# back to switch 12's latest latency 3224 (no event: the base is 3224) and T = 10
send "$CHANGED"
rcli PUBLISH sonde:collector:thresholds "hop_latency=10" >/dev/null
check "T back to 10" wait_for 10 counter threshold_hop_latency
check "still 14 events" bash -c "$(declare -f wait_for counter rcli event_lines nevents); NS_RX=$NS_RX PORT=$PORT KEY=$KEY; wait_for $((reports + 2)) counter reports && test \$(nevents) -eq 14"

# 4. Redis away: buffer 50, 60 events -> 10 dropped, the rest delivered
rcli SHUTDOWN NOSAVE >/dev/null 2>&1 || true
wait "$REDIS" || true
REDIS=
frames=()
for _ in $(seq 30); do frames+=("$BASE" "$CHANGED"); done
send "${frames[@]}"
sleep 1
check "daemon alive while Redis is down" kill -0 "$DAEMON"
check "it noticed" grep -q reconnecting "$TMP/err"
redis_start
check "50 buffered events delivered after Redis returned" wait_for 50 nevents
check "in entries of --batch 20 at most: 20, 20, 10" test "$(entry_field count | tr '\n' ' ')" = "20 20 10 "
check "counted 10 dropped past the bound" wait_for 10 counter redis_dropped
check "nothing left buffered, 64 published" bash -c "$(declare -f wait_for counter rcli); NS_RX=$NS_RX PORT=$PORT KEY=$KEY; wait_for 64 counter published && test \$(counter buffered) -eq 0"
check "the oldest were dropped: seq 25..74 delivered" test \
	"$(event_lines | fields_of | sed -n 's/^seq=//p' | sort -n | sed -n '1p;$p' | tr '\n' ' ')" = "25 74 "
check "the last event is the last frame's" bash -c "$(declare -f rcli); NS_RX=$NS_RX PORT=$PORT; rcli XRANGE sonde:stream:events - + | grep -E '(^| )kind=' | tail -1 | tr ' ' '\n' | grep -qx value=3224"
check "periodic push resumed" bash -c "$(declare -f wait_for rcli); NS_RX=$NS_RX PORT=$PORT; for i in \$(seq 30); do rcli XRANGE sonde:stream:snapshots - + | grep -qx snapshot_end && exit 0; sleep 0.1; done; exit 1"

# 5. SIGTERM: clean exit, program detached
kill -TERM "$DAEMON"
rc=0
wait "$DAEMON" || rc=$?
DAEMON=
check "clean exit on SIGTERM" test "$rc" -eq 0
check "program detached" bash -c "! ip -n $NS_RX link show $IF | grep -q xdp"
check "final counters published" test "$(counter published)" -eq 64
echo "daemon_redis: $passed passed, $failed failed"
test "$failed" -eq 0
