#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# frame-feed (root): in a namespace of its own, frame-feed listens on
# 127.0.0.1 and writes onto one end of a veth pair; the frames of the agent
# fixture (the emulator's --agent-pcap) are sent to it as datagrams, and
# tcpdump on the other end, in a second namespace, must see each of them
# unchanged and in order; SIGTERM ends frame-feed with its counters.  The
# namespaces are always deleted (trap).
set -euo pipefail
cd "$(dirname "$0")/.."
B=build
FIXTURE=tests/agent_fixtures/int_md.pcap
FRAMES=${FRAMES:-300}
PORT=47000
TAG="sff$$"
NS_TX="${TAG}tx" NS_RX="${TAG}rx"
WORK=$(mktemp -d)
passed=0 failed=0

cleanup() {
	[ -n "${FEED:-}" ] && kill "$FEED" 2>/dev/null || true
	[ -n "${DUMP:-}" ] && kill "$DUMP" 2>/dev/null || true
	ip netns del "$NS_TX" 2>/dev/null || true
	ip netns del "$NS_RX" 2>/dev/null || true
	rm -rf "$WORK"
}
trap cleanup EXIT

check() { # description, condition...
	local what=$1
	shift
	if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL frame_feed: $what" >&2; fi
}

ip netns add "$NS_TX"
ip netns add "$NS_RX"
ip link add "${TAG}a" netns "$NS_TX" type veth peer name "${TAG}b" netns "$NS_RX"
for ns in "$NS_TX" "$NS_RX"; do
	ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.disable_ipv6=1
	ip -n "$ns" link set lo up
done
ip -n "$NS_TX" link set "${TAG}a" up
ip -n "$NS_RX" link set "${TAG}b" up

ip netns exec "$NS_RX" tcpdump -i "${TAG}b" -U -s 0 -w "$WORK/seen.pcap" 'udp dst port 4096' 2>"$WORK/dump.err" &
DUMP=$!
for _ in $(seq 50); do grep -q listening "$WORK/dump.err" 2>/dev/null && break; sleep 0.1; done
ip netns exec "$NS_TX" "$B/frame-feed" -i "${TAG}a" -p "$PORT" -r "$WORK/ready" >"$WORK/feed.out" &
FEED=$!
for _ in $(seq 50); do [ -s "$WORK/ready" ] && break; sleep 0.1; done
check "frame-feed ready on 127.0.0.1:$PORT" grep -q "127.0.0.1:$PORT" "$WORK/ready"

# Sends the fixture's first FRAMES frames, paced so no socket buffer fills.
ip netns exec "$NS_TX" python3 - "$FIXTURE" "$FRAMES" "$PORT" "$WORK/sent.bin" <<'PY'
import socket, struct, sys, time
path, count, port, sent = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
data = open(path, "rb").read()
at, frames = 24, []
while at < len(data) and len(frames) < count:
    caplen = struct.unpack_from("<I", data, at + 8)[0]
    frames.append(data[at + 16:at + 16 + caplen])
    at += 16 + caplen
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for i, f in enumerate(frames):
    s.sendto(f, ("127.0.0.1", port))
    if i % 50 == 49:
        time.sleep(0.01)
with open(sent, "wb") as out:
    for f in frames:
        out.write(struct.pack("<I", len(f)) + f)
PY
sleep 1
kill -TERM "$FEED"
feed_rc=0
wait "$FEED" || feed_rc=$?
FEED=
kill -INT "$DUMP"
wait "$DUMP" || true
DUMP=

check "frame-feed ended cleanly on SIGTERM" test "$feed_rc" -eq 0
check "frame-feed counted $FRAMES in and out" grep -q "frames_in $FRAMES frames_out $FRAMES errors 0" "$WORK/feed.out"
check "the peer saw every frame unchanged, in order" python3 - "$WORK/sent.bin" "$WORK/seen.pcap" <<'PY'
import struct, sys
sent = open(sys.argv[1], "rb").read()
expected, at = [], 0
while at < len(sent):
    n = struct.unpack_from("<I", sent, at)[0]
    expected.append(sent[at + 4:at + 4 + n])
    at += 4 + n
data = open(sys.argv[2], "rb").read()
seen, at = [], 24
while at < len(data):
    caplen = struct.unpack_from("<I", data, at + 8)[0]
    seen.append(data[at + 16:at + 16 + caplen])
    at += 16 + caplen
if seen != expected:
    print(f"sent {len(expected)} frames, the peer saw {len(seen)}; first difference at",
          next((i for i, (a, b) in enumerate(zip(expected, seen)) if a != b), min(len(seen), len(expected))))
    sys.exit(1)
PY
check "a bad interface is refused" bash -c "! $B/frame-feed -i ${TAG}none -p $((PORT + 1)) 2>/dev/null"

echo "frame_feed: $passed passed, $failed failed"
test "$failed" -eq 0
