#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# BENCH nic_agent_events_per_s (root): the highest event rate the NIC
# agent's daemon delivered to Redis without loss.  build/nic-agent on a
# veth pair in two namespaces with a redis-server of its own (no
# persistence, loopback of the receiving namespace); build/agent_send
# writes PACKETS INT-MD packets (FLOWS flows, 5 hops x the paper's 4
# instructions) as fast as it can.  Each step sets more thresholds to 0
# (every value over it: a T event per value), so a packet carries 1, 5, 10
# then 15 events: the offered event rate rises with it.  A step is lossless
# when every event the program submitted reached Redis (ri_lost = 0,
# redis_dropped = 0, published = events); its rate is the events over the
# time from the first packet sent to the last event acknowledged.  Prints a
# BENCH line per step and the best lossless one.  PACKETS, FLOWS override.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
PACKETS=${PACKETS:-100000} FLOWS=${FLOWS:-1000}
TAG="bae$$" NS_TX="bae$$tx" NS_RX="bae$$rx" IF="bae$$b"
PORT=$((40000 + ($$ + 3) % 20000))
TMP=$(mktemp -d)
DAEMON= REDIS=
cleanup() {
	[ -n "$DAEMON" ] && kill "$DAEMON" 2>/dev/null && wait "$DAEMON" 2>/dev/null
	[ -n "$REDIS" ] && kill "$REDIS" 2>/dev/null && wait "$REDIS" 2>/dev/null
	ip netns del "$NS_TX" 2>/dev/null || true
	ip netns del "$NS_RX" 2>/dev/null || true
	rm -rf "$TMP"
}
trap cleanup EXIT
rcli() { ip netns exec "$NS_RX" redis-cli -p "$PORT" "$@"; }
KEY="sonde:agent:bench:$IF:counters"
counter() { rcli HGET "$KEY" "$1"; }
now_ms() { date +%s%3N; }

ip netns add "$NS_TX"
ip netns add "$NS_RX"
ip link add "${TAG}a" netns "$NS_TX" type veth peer name "$IF" netns "$NS_RX"
ip -n "$NS_TX" link set "${TAG}a" up
ip -n "$NS_RX" link set "$IF" up
ip -n "$NS_RX" link set lo up
ip netns exec "$NS_RX" redis-server --port "$PORT" --bind 127.0.0.1 --save '' \
	--appendonly no --daemonize no --dir "$TMP" --logfile "$TMP/redis.log" &
REDIS=$!
for _ in $(seq 50); do [ "$(rcli PING 2>/dev/null)" = PONG ] && break; sleep 0.1; done

HOPS="11/900/50/900,12/900/50/900,13/900/50/900,14/900/50/900,15/900/50/900"
GROUP="17,10.0.0.1,1000+$FLOWS,10.0.1.2,80,$((PACKETS / FLOWS)),$HOPS"
echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); $PACKETS packets, $FLOWS flows, 5 hops x 4 instructions"
best=0
for step in "1 flow_latency.threshold=0" \
	"5 hop_latency.threshold=0" \
	"10 hop_latency.threshold=0 queue_occupancy.threshold=0" \
	"15 hop_latency.threshold=0 queue_occupancy.threshold=0 link_utilization.threshold=0"; do
	per=${step%% *}
	args=()
	for t in ${step#* }; do args+=(-t "$t"); done
	rcli FLUSHALL >/dev/null
	ip netns exec "$NS_RX" "$B/nic-agent" -i "$IF" -r "127.0.0.1:$PORT" -n bench \
		--rows 4096 --age-interval 0 --flow-interval 0 --hist-interval 0 \
		--counters-interval 0.1 --buffer 2000000 "${args[@]}" \
		>"$TMP/out" 2>"$TMP/err" &
	DAEMON=$!
	for _ in $(seq 100); do [ -n "$(counter mode 2>/dev/null)" ] && break; sleep 0.1; done
	start=$(now_ms)
	ip netns exec "$NS_TX" "$B/agent_send" "${TAG}a" "$GROUP" >/dev/null
	sent_ms=$(now_ms)
	want=$((PACKETS * per))
	last=-1 same=0
	while :; do
		pub=$(counter published)
		[ "$pub" -ge "$want" ] && break
		# why: done when nothing moves for 2 s (a loss leaves it short)
		if [ "$pub" = "$last" ]; then same=$((same + 1)); else same=0; fi
		[ "$same" -ge 20 ] && break
		last=$pub
		sleep 0.1
	done
	end=$(now_ms)
	events=$(counter events) lost=$(counter ri_lost) dropped=$(counter redis_dropped)
	kill -TERM "$DAEMON"
	wait "$DAEMON" 2>/dev/null || true
	DAEMON=
	ms=$((end - start > 0 ? end - start : 1))
	rate=$((pub * 1000 / ms))
	pps=$((PACKETS * 1000 / (sent_ms - start > 0 ? sent_ms - start : 1)))
	ok=$([ "$lost" = 0 ] && [ "$dropped" = 0 ] && [ "$pub" = "$events" ] && [ "$pub" = "$want" ] && echo lossless || echo lost)
	echo "# $per events/packet: sent $pps packets/s; events $events, published $pub, ri_lost $lost, redis_dropped $dropped: $ok"
	echo "BENCH nic_agent_events_per_s_${per}_per_packet $rate events/s ($ok)"
	[ "$ok" = lossless ] && [ "$rate" -gt "$best" ] && best=$rate
done
echo "BENCH nic_agent_events_per_s $best events/s"
