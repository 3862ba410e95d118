#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# veth smoke test (root): two network namespaces joined by a veth pair; the
# collector attaches to one end in native mode, the other end sends golden
# report frames and an ordinary frame; the collector's events and counters
# must show every report consumed and the other frame passed.  The namespaces
# are always deleted (trap).  No traffic leaves the two namespaces.
set -euo pipefail
cd "$(dirname "$0")/.."
V=../p4-programs/src/test/resources/vectors
B=build
TAG="sxc$$"
NS_TX="${TAG}tx" NS_RX="${TAG}rx"
OUT=$(mktemp)
passed=0 failed=0

cleanup() {
	ip netns del "$NS_TX" 2>/dev/null || true
	ip netns del "$NS_RX" 2>/dev/null || true
	[ -n "${KEEP_OUT:-}" ] && cp "$OUT" "$KEEP_OUT"; rm -f "$OUT"
}
trap cleanup EXIT

check() { # description, condition...
	local what=$1
	shift
	if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL veth_smoke: $what" >&2; fi
}

ip netns add "$NS_TX"
ip netns add "$NS_RX"
ip link add "${TAG}a" netns "$NS_TX" type veth peer name "${TAG}b" netns "$NS_RX"
ip -n "$NS_TX" link set "${TAG}a" up
ip -n "$NS_RX" link set "${TAG}b" up
ip -n "$NS_TX" link set lo up
ip -n "$NS_RX" link set lo up

ip netns exec "$NS_RX" "$B/collector" -i "${TAG}b" -m native -p 32766 -e -d 4 \
	-t hop_latency=1000000 > "$OUT" &
COLLECTOR=$!
for _ in $(seq 50); do grep -q attached "$OUT" 2>/dev/null && break; sleep 0.1; done
check "collector attached in native mode" grep -q '"mode": "native"' "$OUT"

# 3 reports x 5 (TR2.0 over Ethernet / IPv4 inner, IPv6 outer is on port 1 and
# passes), 1 malformed report, 1 INT-MD data packet on another port.
ip netns exec "$NS_TX" "$B/send_frames" "${TAG}a" 5 \
	"$V/tr2_0_eth_all_3h.hex" "$V/tr2_0_ipv4_all_3h.hex" "$V/tr2_0_md_all.hex" >/dev/null
ip netns exec "$NS_TX" "$B/send_frames" "${TAG}a" 1 \
	"$V/malformed_tr2_0_inner_hop_count_over_limit.hex" "$V/int_md_v2_1_udp_all_3h.hex" >/dev/null
wait "$COLLECTOR"

counters=$(grep '"counters"' "$OUT")
num() { sed -n "s/.*\"$1\": \([0-9]*\).*/\1/p" <<<"$counters"; }
check "15 reports decoded" test "$(num reports)" -eq 15
check "one report dropped as hop_count_over_limit" test "$(num hop_count_over_limit)" -eq 1
check "the data packet passed" test "$(num passed)" -ge 1
check "events delivered through the ring buffer" test "$(grep -c '"event"' "$OUT")" -eq "$(num events)"
check "new-key events for the flow" grep -q '"event": "flow_path", "kind": "new_key"' "$OUT"
check "no event lost" test "$(num events_lost)" -eq 0
check "program detached" bash -c "! ip netns exec $NS_RX ip link show ${TAG}b | grep -q xdp"
echo "veth_smoke: $passed passed, $failed failed"
test "$failed" -eq 0
