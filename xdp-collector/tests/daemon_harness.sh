# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# What the daemons' Redis tests share (the collector's daemon_redis.sh and
# daemon_republish.sh, the NIC agent's agent_daemon_redis.sh and
# agent_accuracy.sh), sourced after they set SUITE (their name in FAIL lines)
# and TAG (a per-process prefix of their namespaces and link): the paths,
# the two namespaces' names, a port and a folder of their own, the
# collector's counters key (the agent's suites set their own KEY after),
# check(), rcli(), counter(), wait_until(), veth_pair() and redis_start(),
# and a trap that stops the sender, a capture (DUMP), the daemon and Redis
# and deletes the namespaces and the folder.
V=../p4-programs/src/test/resources/vectors
MIGRATION=../db-migrations/redis/V1__streams_and_groups.redis
B=build
NS_TX="${TAG}tx" NS_RX="${TAG}rx" IF="${TAG}b"
# why: the two suites run one after the other, but a leftover of one must
# not answer the other's port
PORT=$((20000 + ($$ + ${#SUITE}) % 20000))
TMP=$(mktemp -d)
NODE=testnode
KEY="sonde:collector:$NODE:$IF:counters"
DAEMON= REDIS= SENDER= DUMP=
passed=0 failed=0

cleanup() {
	[ -n "$SENDER" ] && kill "$SENDER" 2>/dev/null && wait "$SENDER" 2>/dev/null
	[ -n "$DUMP" ] && kill "$DUMP" 2>/dev/null && wait "$DUMP" 2>/dev/null
	[ -n "$DAEMON" ] && kill "$DAEMON" 2>/dev/null && wait "$DAEMON" 2>/dev/null
	[ -n "$REDIS" ] && kill "$REDIS" 2>/dev/null && wait "$REDIS" 2>/dev/null
	ip netns del "$NS_TX" 2>/dev/null || true
	ip netns del "$NS_RX" 2>/dev/null || true
	[ -n "${KEEP_OUT:-}" ] && cp -r "$TMP" "$KEEP_OUT"
	# why: a failure on CI's loaded host is seldom reproduced here, and its
	# folder is gone with the run: the daemon's own account goes to the log
	if [ "$failed" -gt 0 ] && [ -s "$TMP/err" ]; then
		echo "---- $SUITE: the daemon's stderr, last 60 lines ----" >&2
		tail -n 60 "$TMP/err" >&2
	fi
	rm -rf "$TMP"
}
trap cleanup EXIT

check() { # description, condition...
	local what=$1
	shift
	if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $SUITE: $what" >&2; fi
}
rcli() { ip netns exec "$NS_RX" redis-cli -p "$PORT" "$@"; }
counter() { rcli HGET "$KEY" "$1"; }
wait_until() { # a shell condition, seconds (default 8)
	local i
	for i in $(seq $((${2:-8} * 10))); do
		eval "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}
# The two namespaces joined by a veth pair, ${TAG}a in NS_TX and IF in
# NS_RX, both ends and both loopbacks up.
veth_pair() {
	ip netns add "$NS_TX"
	ip netns add "$NS_RX"
	ip link add "${TAG}a" netns "$NS_TX" type veth peer name "$IF" netns "$NS_RX"
	ip -n "$NS_TX" link set "${TAG}a" up
	ip -n "$NS_RX" link set "$IF" up
	ip -n "$NS_TX" link set lo up
	ip -n "$NS_RX" link set lo up
}
# A redis-server of the test's own on 127.0.0.1:PORT in NS_RX, its files in
# REDIS_DIR, with REDIS_OPTS (a suite sets them after sourcing this).
# why: a child of this script, not daemonized, so that it is reaped here
REDIS_DIR=$TMP
REDIS_OPTS=(--appendonly no)
redis_start() {
	mkdir -p "$REDIS_DIR"
	ip netns exec "$NS_RX" redis-server --port "$PORT" --bind 127.0.0.1 \
		--daemonize no --save '' "${REDIS_OPTS[@]}" --dir "$REDIS_DIR" \
		--logfile "$REDIS_DIR/redis.log" &
	REDIS=$!
	wait_until '[ "$(rcli PING)" = PONG ]'
}
