#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# A/B of the steady ns per report (bench_prog, BENCH_STEADY_ONLY): two or
# more builds' bench_prog run one after the other in each of ROUNDS rounds
# (each the median of RUNS runs of REPEAT), on the same frames; then each
# line's median (and minimum: interference only adds) over the rounds, per
# build.  Why interleaved: the machine is
# shared, and its load moves between minutes more than between adjacent runs.
#   bench/ab_prog.sh BUILD_DIR...   (build dirs holding bench_prog; labelled
#                                    A, B, C ... in that order)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-5} RUNS=${RUNS:-5} REPEAT=${REPEAT:-1000000}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 bench/frames.py ../p4-programs/src/test/resources/vectors build/bench
labels=(A B C D E F)
for r in $(seq "$ROUNDS"); do
	i=0
	for dir in "$@"; do
		side=${labels[$i]}
		i=$((i + 1))
		echo "# round $r $side ($dir) load $(cut -d' ' -f1 /proc/loadavg)"
		BENCH_STEADY_ONLY=1 "$dir/bench_prog" build/bench "$REPEAT" "$RUNS" |
			sed "s/^BENCH /BENCH $side /" | tee -a "$TMP/all"
	done
done
echo "# medians of $ROUNDS rounds: $*"
awk '{k = $2 " " $3; v[k] = v[k] " " $4} END {for (k in v) print k, v[k]}' "$TMP/all" | sort -k2,2 -k1,1 |
	while read -r side name values; do
		sorted=$(tr ' ' '\n' <<<"$values" | grep . | sort -n)
		med=$(awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}' <<<"$sorted")
		echo "AB $side $name $med ns median, $(head -1 <<<"$sorted") min (rounds:$values)"
	done
