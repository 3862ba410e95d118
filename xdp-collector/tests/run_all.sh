#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Runs every xdp-collector suite (as root) and adds up their "N passed, N
# failed" lines; ends with one such line for the whole folder.
set -uo pipefail
cd "$(dirname "$0")/.."
B=build
FUZZ_SECONDS=${FUZZ_SECONDS:-10}
total_pass=0 total_fail=0

suite() { # name, command...
	local name=$1 out rc p f
	shift
	local start=$SECONDS
	out=$("$@" 2>&1)
	rc=$?
	p=$(grep -oE '[0-9]+ passed, [0-9]+ failed' <<<"$out" | tail -1 | cut -d' ' -f1)
	f=$(grep -oE '[0-9]+ passed, [0-9]+ failed' <<<"$out" | tail -1 | cut -d' ' -f3)
	if [ -z "$p" ]; then # a suite without counts (fuzzing, format): one test
		if [ $rc -eq 0 ]; then p=1 f=0; else p=0 f=1; fi
	fi
	if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	[ $rc -ne 0 ] && echo "$out" | tail -20 >&2
	printf '%-12s %4s passed, %s failed  (%ss)\n' "$name" "$p" "$f" $((SECONDS - start))
	total_pass=$((total_pass + p)) total_fail=$((total_fail + f))
}

fuzz() {
	rm -rf "$B/fuzz-corpus" "$B/fuzz-seeds"
	mkdir -p "$B/fuzz-corpus" "$B/fuzz-seeds"
	"$B/hex2pcap" --seeds "$B/fuzz-seeds" ../p4-programs/src/test/resources/vectors/*.hex || return 1
	for cap in ../p4-programs/src/test/resources/pcap/*.pcap*; do
		{ printf '\x10'; cat "$cap"; } >"$B/fuzz-seeds/$(basename "$cap")"
	done
	"$B/fuzz_parse" -max_total_time="$FUZZ_SECONDS" -print_final_stats=1 \
		-rss_limit_mb=1024 "$B/fuzz-corpus" "$B/fuzz-seeds"
}

if [ "$(id -u)" -ne 0 ]; then
	echo "xdp-collector tests load BPF programs and create network namespaces: run as root" >&2
	exit 1
fi
suite format make -s format-check
suite detector "$B/test_detect"
python3 bench/frames.py ../p4-programs/src/test/resources/vectors "$B/bench"
suite fast "$B/test_fast" ../p4-programs/src/test/resources/vectors "$B/bench" \
	../p4-programs/src/test/resources/pcap/*.pcap* tests/emulator_reports.pcap
suite golden tests/golden.sh
suite prog_run "$B/test_prog_run" ../p4-programs/src/test/resources/vectors
suite accounting "$B/test_accounting" ../p4-programs/src/test/resources/vectors
suite agent_prog_run "$B/agent_prog_run"
suite agent_strip_run "$B/agent_strip_run"
suite fuzz fuzz
suite veth tests/veth_smoke.sh
suite daemon_units "$B/test_daemon_units"
suite daemon tests/daemon_redis.sh
suite republish tests/daemon_republish.sh
suite agent_daemon_units "$B/agent_daemon_units"
suite agent_daemon tests/agent_daemon_redis.sh
suite frame_feed tests/frame_feed.sh
suite agent_accuracy tests/agent_accuracy.sh
echo "xdp-collector: $total_pass passed, $total_fail failed"
test "$total_fail" -eq 0
