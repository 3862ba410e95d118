#!/usr/bin/env bash
# make p4-stats: compiles sonde.p4 with p4c RUNS times (default 5) and prints the compile's median
# wall seconds, its largest peak memory, and the size of the BMv2 program (tables and conditionals
# in ingress and egress together), as BENCH lines with the CPU model.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-5}
out="$here/p4-programs/target/p4-stats"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"
seconds=()
peak_kb=0
for run in $(seq 1 "$runs"); do
  "$here/scripts/p4c-compile.sh" "$out"
  read -r kb wall < "$out/compile.stats"
  echo "run $run: ${wall} s, $((kb / 1024)) MB"
  seconds+=("$wall")
  [ "$kb" -gt "$peak_kb" ] && peak_kb=$kb
done
median=$(printf '%s\n' "${seconds[@]}" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}')
tables=$(jq '[.pipelines[].tables | length] | add' "$out/sonde.json")
conditionals=$(jq '[.pipelines[].conditionals | length] | add' "$out/sonde.json")
echo "BENCH p4c_peak_mb $((peak_kb / 1024))"
echo "BENCH p4c_seconds $median"
echo "BENCH bmv2_tables $tables"
echo "BENCH bmv2_conditionals $conditionals"
status=0
[ $((peak_kb / 1024)) -lt 2048 ] || { echo "over budget: peak memory must stay under 2048 MB" >&2; status=1; }
awk -v s="$median" 'BEGIN {exit !(s < 20)}' || { echo "over budget: a compile must take under 20 s" >&2; status=1; }
[ "$tables" -le 200 ] || { echo "over budget: at most 200 tables" >&2; status=1; }
[ "$conditionals" -le 200 ] || { echo "over budget: at most 200 conditionals" >&2; status=1; }
exit $status
