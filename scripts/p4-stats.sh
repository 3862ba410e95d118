#!/usr/bin/env bash
# make p4-stats: compiles sonde.p4 with p4c RUNS times (default 5) and prints the compile's median
# wall seconds, its largest peak memory, and the size of the BMv2 program (tables and conditionals
# in ingress and egress together), as BENCH lines with the CPU model.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-5}
out="$here/p4-programs/target/p4-stats"
cpu_field() { grep -m1 "^$1" /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'; }
echo "cpu: $(cpu_field 'model name') family $(cpu_field 'cpu family') model $(cpu_field 'model'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
seconds=()
cpu_seconds=()
peak_kb=0
for run in $(seq 1 "$runs"); do
  "$here/scripts/p4c-compile.sh" "$out"
  read -r kb wall user system < "$out/compile.stats"
  cpu=$(awk -v u="$user" -v s="$system" 'BEGIN {print u + s}')
  echo "run $run: ${wall} s (${cpu} s of CPU), $((kb / 1024)) MB"
  seconds+=("$wall")
  cpu_seconds+=("$cpu")
  [ "$kb" -gt "$peak_kb" ] && peak_kb=$kb
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
median=$(median "${seconds[@]}")
tables=$(jq '[.pipelines[].tables | length] | add' "$out/sonde.json")
conditionals=$(jq '[.pipelines[].conditionals | length] | add' "$out/sonde.json")
echo "BENCH p4c_peak_mb $((peak_kb / 1024))"
echo "BENCH p4c_seconds $median"
# CPU time moves less than wall time when other work shares the cores.
echo "BENCH p4c_cpu_seconds $(median "${cpu_seconds[@]}")"
echo "BENCH bmv2_tables $tables"
echo "BENCH bmv2_conditionals $conditionals"
status=0
[ $((peak_kb / 1024)) -lt 2048 ] || { echo "over budget: peak memory must stay under 2048 MB" >&2; status=1; }
awk -v s="$median" 'BEGIN {exit !(s < 20)}' || { echo "over budget: a compile must take under 20 s" >&2; status=1; }
[ "$tables" -le 200 ] || { echo "over budget: at most 200 tables" >&2; status=1; }
[ "$conditionals" -le 200 ] || { echo "over budget: at most 200 conditionals" >&2; status=1; }
exit $status
