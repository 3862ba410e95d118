#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Golden comparison: int-decode must print, byte for byte, the line each golden
# vector's NAME.json holds and the golden captures' .jsonl; and, when the Java
# sonde-decode is built (../sonde-decode), exactly what it prints for all
# vectors wrapped into pcaps, for the captures, and for damaged copies of every
# vector (tests/mutate.c), with and without --report-port.  Fails with the
# first difference.
set -uo pipefail
cd "$(dirname "$0")/.."
R=../p4-programs/src/test/resources
V=$R/vectors
B=build
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0 failed=0

same() { # name, expected file, actual file
	if cmp -s "$2" "$3"; then
		passed=$((passed + 1))
		return
	fi
	failed=$((failed + 1))
	echo "FAIL golden: $1: first difference:" >&2
	diff <(nl -ba "$2") <(nl -ba "$3") | head -4 | cut -c1-600 >&2
}

plain=() forced=()
for hex in "$V"/*.hex; do
	name=$(basename "$hex" .hex)
	args=()
	if [ -f "$V/$name.args" ]; then
		read -ra args <"$V/$name.args"
		forced+=("$hex")
	else
		plain+=("$hex")
	fi
	"$B/int-decode" --hex "${args[@]}" "$hex" >"$TMP/out.json"
	same "$name" "$V/$name.json" "$TMP/out.json"
done
for cap in int_md.pcap reports.pcapng third_party.pcap; do
	"$B/int-decode" "$R/pcap/$cap" >"$TMP/$cap.jsonl"
	same "$cap" "$R/pcap/${cap%.*}.jsonl" "$TMP/$cap.jsonl"
done

if ../sonde-decode --help >/dev/null 2>&1; then
	"$B/hex2pcap" "$TMP/plain.pcap" "${plain[@]}"
	"$B/hex2pcap" "$TMP/forced.pcap" "${forced[@]}"
	runs=("$TMP/plain.pcap" "--report-port 32766 $TMP/forced.pcap"
		"--report-port 32766 $TMP/plain.pcap")
	for cap in int_md.pcap reports.pcapng third_party.pcap; do
		runs+=("$R/pcap/$cap" "--report-port 32766 $R/pcap/$cap"
			"--report-port 54321 $R/pcap/$cap")
	done
	# damaged copies of every vector: 150 frames per vector and seed
	for seed in 1 7 42; do
		"$B/mutate" "$seed" 150 "$TMP/damaged$seed.pcap" "$V"/*.hex
		runs+=("$TMP/damaged$seed.pcap" "--report-port 32766 $TMP/damaged$seed.pcap")
	done
	for run in "${runs[@]}"; do
		# shellcheck disable=SC2086
		../sonde-decode $run >"$TMP/java.jsonl"
		# shellcheck disable=SC2086
		"$B/int-decode" $run >"$TMP/c.jsonl"
		same "sonde-decode $run" "$TMP/java.jsonl" "$TMP/c.jsonl"
	done
else
	echo "golden: ../sonde-decode is not built (make build at the root): compared with the .json files only" >&2
fi
echo "golden: $passed passed, $failed failed"
test "$failed" -eq 0
