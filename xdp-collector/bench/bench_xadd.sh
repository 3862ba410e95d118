#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# The daemon's XADD throughput, --batch 1 (one event per entry, as contract
# version 1) against 256 (the default), then 256 with the published window
# on (RETAIN_S=5: what re-publishing costs while nothing fails), alternately
# in each of ROUNDS rounds against a redis-server of its own (no
# persistence, loopback), then the median of each BENCH line.  EVENTS,
# ROUNDS, BATCHES override.
set -euo pipefail
cd "$(dirname "$0")/.."
EVENTS=${EVENTS:-200000} ROUNDS=${ROUNDS:-5} BATCHES=${BATCHES:-"1 256"}
PORT=$((40000 + $$ % 20000))
TMP=$(mktemp -d)
REDIS=
cleanup() {
	[ -n "$REDIS" ] && kill "$REDIS" 2>/dev/null && wait "$REDIS" 2>/dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT
redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no \
	--daemonize no --dir "$TMP" --logfile "$TMP/redis.log" &
REDIS=$!
for _ in $(seq 50); do redis-cli -p "$PORT" PING >/dev/null 2>&1 && break; sleep 0.1; done
echo "# $(redis-server --version | cut -d' ' -f3), $EVENTS events, $ROUNDS rounds, load $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$ROUNDS"); do
	build/bench_xadd "127.0.0.1:$PORT" "$EVENTS" $BATCHES | tee -a "$TMP/all"
	RETAIN_S=5 build/bench_xadd "127.0.0.1:$PORT" "$EVENTS" 256 | tee -a "$TMP/all"
done
echo "# medians of $ROUNDS rounds"
awk '{v[$2] = v[$2] " " $3; u[$2] = $4} END {for (k in v) print k, v[k], u[k]}' "$TMP/all" | sort |
	while read -r name values; do
		unit=${values##* }
		med=$(tr ' ' '\n' <<<"${values% *}" | grep . | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
		echo "BENCH $name $med $unit (median)"
	done
