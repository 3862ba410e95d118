#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Nothing the daemon published vanishes when Redis loses acknowledged
# writes (root).  As tests/daemon_redis.sh: two namespaces joined by a
# veth pair, the daemon attached to the receiving end, a redis-server of
# the test's own on 127.0.0.1 in that namespace, here with append-only
# persistence in the test's folder.  A sender
# writes report frames onto the link all along (two per round, each a
# hop-latency change over T: an event each), and the daemon writes its
# published log (--published-log).  Then:
#   1. a healthy run re-publishes nothing and checks nothing;
#   2. Redis SIGKILLed and restarted on the same port and folder: the
#      kernel still had every write it made to its AOF, so it lost none
#      (appendfsync no: each write reaches the kernel before its answer;
#      everysec holds its buffer back up to 2 s while a background fsync
#      is slow, a busy disk, and answers meanwhile: a SIGKILL then loses);
#      the daemon checks what it retained, finds all of it, re-publishes
#      nothing;
#   2b. the same with a dataset that takes seconds to load, events waiting:
#      nothing refused (LOADING), nothing re-published, each event once;
#   3. Redis SIGKILLed with the AOF cut back to its length at a mark taken
#      about a second before the kill, which is what a host that went down
#      with Redis leaves when fsync last ran at the mark (production's
#      appendfsync everysec: ~1 s of acknowledged writes).  The loss is so
#      engineered, not waited for: a SIGKILL alone loses nothing (2.).  The
#      daemon re-publishes what the restarted stream lacks, under the
#      entries' old ids (no one else wrote to the stream meanwhile), and
#      the stream then holds every published event exactly once;
#   4. FLUSHALL without a restart (run_id unchanged): the witness key is
#      gone, so the daemon re-publishes what it published in the window;
#      the same while it has nothing to publish (it probes once a second);
#   5. the daemon SIGKILLed: every line of its published log is whole.
# After each, every event the published log names is in the stream.
# Everything it starts is stopped and the namespaces deleted by a trap.
set -euo pipefail
cd "$(dirname "$0")/.."
SUITE=daemon_republish TAG="sxr$$"
# shellcheck source=tests/daemon_harness.sh
. tests/daemon_harness.sh
LOG="$TMP/published.log"
# waits up to 20 s for a condition (shell text, evaluated each time)
wait_until() {
	local i
	for i in $(seq 200); do
		eval "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}
# the seqs of the events in the stream, one a line, sorted (every event line
# of an entry's events field starts with seq=)
stream_seqs() { rcli XRANGE sonde:stream:events - + | sed -n 's/^seq=\([0-9]*\) .*/\1/p' | sort -n; }
# the seqs the published log names in lines of KIND acknowledged at or after
# ms FROM (default: all), one a line, sorted
log_seqs() { # kind, from
	awk -v kind="$1" -v from="${2:-0}" '$1 == kind && $6 >= from {
		n = split($5, runs, ",")
		for (i = 1; i <= n; i++) {
			m = split(runs[i], ab, "-")
			for (s = ab[1]; s <= ab[m]; s++) print s
		}
	}' "$LOG" | sort -n
}
# every seq of the published log (from ms FROM) is in the stream
log_in_stream() { # from
	local missing
	log_seqs published "${1:-0}" >"$TMP/want"
	stream_seqs | sort -u >"$TMP/have"
	missing=$(comm -23 <(sort -u "$TMP/want") "$TMP/have" | wc -l)
	[ "$(wc -l <"$TMP/want")" -gt 0 ] && [ "$missing" -eq 0 ] ||
		{ echo "  $missing of $(wc -l <"$TMP/want") published events missing from the stream" >&2; return 1; }
}
settled() { [ "$(counter buffered)" = 0 ] && [ "$(counter published)" = "$(log_seqs published | wc -l)" ]; }
now_ms() { date +%s%3N; }
aof() { ls "$TMP"/redis/appendonlydir/*.incr.aof; }
# why: no AOF rewrite, so the incremental file only grows
REDIS_DIR=$TMP/redis
REDIS_OPTS=(--appendonly yes --appendfsync no --auto-aof-rewrite-percentage 0)
redis_kill() {
	kill -KILL "$REDIS"
	wait "$REDIS" 2>/dev/null || true
	REDIS=
}
# two frames a round, a change of switch 12's hop latency each
sender_start() {
	(while :; do
		ip netns exec "$NS_TX" "$B/send_frames" "${TAG}a" 1 "$BASE" "$CHANGED" >/dev/null
		sleep 0.02
	done) &
	SENDER=$!
}
sender_stop() {
	kill "$SENDER" 2>/dev/null
	wait "$SENDER" 2>/dev/null || true
	SENDER=
}

veth_pair

BASE="$V/tr2_0_eth_all_3h.hex"
tr -d ' \n' <"$BASE" | sed 's/0000000c006600ca00000c02/0000000c006600ca00000c98/' >"$TMP/changed.hex"
CHANGED="$TMP/changed.hex"

redis_start
grep -v '^#' "$MIGRATION" | grep . | rcli >/dev/null
# why a 120 s window, not the default 5 s: on a loaded host the checks between
# a publish and a loss take tens of seconds, and the window must still hold it
ip netns exec "$NS_RX" "$B/collector" -i "$IF" -r "127.0.0.1:$PORT" -n "$NODE" \
	-P 0 --counters-interval 0.2 --backoff-max-ms 200 --published-log "$LOG" \
	--retain-seconds 120 -t hop_latency=10 -t flow_latency=1000000 >"$TMP/out" 2>"$TMP/err" &
DAEMON=$!
wait_until '[ -n "$(counter mode)" ]'

# 1. healthy (why: sent until published, not for a time: on a loaded host a
# round of the sender takes ten times as long)
sender_start
check "healthy: events published" wait_until '[ "$(counter published)" -gt 50 ]'
sender_stop
check "healthy: every event of the published log in the stream" wait_until log_in_stream
check "healthy: the log's lines add up to the published counter" wait_until settled
check "healthy: a log line is KIND ID ORIGIN COUNT SEQS ACKED_MS" \
	grep -qE "^published [0-9]+-[0-9]+ xdp/$NODE/$IF/[0-9]+ [0-9]+ [0-9,-]+ [0-9]{13}$" "$LOG"
check "healthy: the log's ids are the stream's" \
	test "$(awk '$1 == "published" {print $2}' "$LOG" | sort)" = "$(rcli XRANGE sonde:stream:events - + | grep -E '^[0-9]+-[0-9]+$' | sort)"
check "healthy: nothing checked, nothing re-published" \
	test "$(counter loss_checks)/$(counter republished)/$(counter retain_overflow)" = "0/0/0"
check "healthy: the window holds what was published in it" test "$(counter retained)" -gt 0
check "the witness key names the run" test "$(rcli GET "sonde:collector:$NODE:$IF:witness")" = "$(counter run)"

# 2. SIGKILL: the kernel keeps what Redis wrote to its AOF
sender_start
sleep 1
redis_kill
sleep 0.5
redis_start
sleep 1
sender_stop
check "SIGKILL: the daemon checked the stream once" wait_until '[ "$(counter loss_checks)" = 1 ]'
check "SIGKILL: found all, re-published nothing" test "$(counter republished)" = 0
check "SIGKILL: every published event in the stream" wait_until log_in_stream

# 2b. Redis restarted with a dataset that takes seconds to load, events
# waiting: while it loads Redis accepts connections and answers LOADING to
# every write, and none of them may be dropped or sent twice.  Ten thousand
# filler keys in the AOF's base, each loaded 200 us late (key-load-delay),
# make the load last 2 s or more; Redis answers clients between every KiB
# it loads (by default every 2 MiB: this base is smaller).  Nothing in flight at the kill (settled),
# so each event is in the stream once.
rcli EVAL "for i = 1, 10000 do redis.call('SET', 'filler:' .. i, i) end" 0 >/dev/null
rcli BGREWRITEAOF >/dev/null
wait_until '[ "$(rcli INFO persistence | tr -d "\r" | grep -c "^aof_rewrite_in_progress:0")" = 1 ] &&
	[ "$(ls "$TMP"/redis/appendonlydir/*.incr.aof | wc -l)" = 1 ]'
wait_until settled
before_load=$(stream_seqs | tail -1)
rejected=$(counter redis_rejected)
redis_kill
sender_start
opts=("${REDIS_OPTS[@]}")
REDIS_OPTS+=(--key-load-delay 200 --loading-process-events-interval-bytes 1024)
redis_start
REDIS_OPTS=("${opts[@]}")
sleep 1
sender_stop
check "slow load: Redis answered the daemon LOADING" grep -q "LOADING" "$TMP/err"
check "slow load: the daemon checked the stream once" wait_until '[ "$(counter loss_checks)" = 2 ]'
check "slow load: nothing refused, nothing re-published" \
	wait_until '[ "$(counter redis_rejected)/$(counter republished)" = "$rejected/0" ]'
check "slow load: every published event in the stream" wait_until log_in_stream
check "slow load: events published while it loaded" \
	test -n "$(stream_seqs | awk -v after="$before_load" '$1 > after')"
check "slow load: each once" test -z "$(stream_seqs | awk -v after="$before_load" '$1 > after' | uniq -d)"
last2=$(stream_seqs | tail -1)

# 3. SIGKILL with the AOF's last second lost
sender_start
sleep 1
mark=$(stat -c %s "$(aof)")
sleep 1
redis_kill
before=$(wc -c <"$(aof)")
truncate -s "$mark" "$(aof)"
redis_start
sleep 1
sender_stop
check "lost tail: the AOF had grown past the mark ($before > $mark bytes)" test "$before" -gt "$mark"
check "lost tail: the daemon checked again" wait_until '[ "$(counter loss_checks)" = 3 ]'
check "lost tail: entries re-published" wait_until '[ "$(counter republished)" -gt 0 ]'
check "lost tail: every published event in the stream" wait_until log_in_stream
# (from step 3 on: a SIGKILL mid-pipeline, as in step 2, may leave an entry
# Redis wrote but never answered, sent again: delivery is at least once)
check "lost tail: each once" test -z "$(stream_seqs | awk -v after="$last2" '$1 > after' | uniq -d)"
check "lost tail: the log's republished events are the counter's" \
	test "$(log_seqs republished | wc -l)" = "$(counter republished)"
check "lost tail: re-published under their old ids" test -z "$(awk '
	$1 == "published" { id[$5] = $2 }
	$1 == "republished" && id[$5] != $2 { print }' "$LOG")"
republished=$(counter republished)

# 4. FLUSHALL, run_id unchanged (from here on the checks look at what was
# published since step 4 began, all of it in the window; why not the last few
# seconds before a flush: on a loaded host 4b's wait for the log to settle
# outlasted them, and nothing was published in them to check)
since=$(now_ms)
sender_start
sleep 1
rcli FLUSHALL >/dev/null
sleep 1
sender_stop
check "FLUSHALL: the daemon noticed the witness gone" wait_until '[ "$(counter loss_checks)" = 4 ]'
check "FLUSHALL: what it had just published re-published" test "$(counter republished)" -gt "$republished"
check "FLUSHALL: every event published since step 4 began in the stream" \
	wait_until "log_in_stream $since"
check "FLUSHALL: the witness written again" test "$(rcli EXISTS "sonde:collector:$NODE:$IF:witness")" = 1
check "FLUSHALL: the daemon says why" grep -q "redis lost the witness key" "$TMP/err"

# 4b. FLUSHALL while nothing is published: the daemon probes once a second
# while its window holds entries
wait_until settled
rcli FLUSHALL >/dev/null
check "idle FLUSHALL: noticed with nothing to publish" wait_until '[ "$(counter loss_checks)" = 5 ]'
check "idle FLUSHALL: every event published since step 4 began in the stream" \
	wait_until "log_in_stream $since"

# 5. the daemon SIGKILLed: its log is whole
sender_start
sleep 1
kill -KILL "$DAEMON"
wait "$DAEMON" 2>/dev/null || true
DAEMON=
sender_stop
check "daemon SIGKILL: every log line whole" \
	test "$(grep -cvE '^(re)?published [0-9]+-[0-9]+ xdp/[^ ]+ [0-9]+ [0-9,-]+ [0-9]{13}$' "$LOG")" = 0
check "daemon SIGKILL: the log ends with a newline" test "$(tail -c 1 "$LOG" | od -An -c | tr -d ' ')" = '\n'
check "daemon SIGKILL: every logged event since step 4 began in the stream" log_in_stream "$since"
echo "daemon_republish: $passed passed, $failed failed"
test "$failed" -eq 0
