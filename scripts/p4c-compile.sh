#!/usr/bin/env bash
# Compiles sonde.p4 with p4c's BMv2 back end into OUT (sonde.json, sonde.p4info.txtpb) and writes
# the compile's peak memory (kB), wall seconds and CPU seconds (user, system) to OUT/compile.stats.
# p4c: $P4C, else p4c-bm2-ss on PATH. Exits 3 when neither exists.
# usage: scripts/p4c-compile.sh OUT
set -euo pipefail
out=${1:?usage: scripts/p4c-compile.sh OUT}
p4c=${P4C:-$(command -v p4c-bm2-ss || true)}
if [ -z "$p4c" ] || [ ! -x "$p4c" ]; then
  echo "p4c-bm2-ss not found (set P4C, or put it on PATH; ../shared/tools/p4c/bin has one)" >&2
  exit 3
fi
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
# Run from the source folder so the JSON's source locations are relative and the same on every machine.
cd "$here/p4-programs/src/main/p4"
/usr/bin/time -f '%M %e %U %S' -o "$out/compile.stats" \
  "$p4c" --arch v1model --std p4-16 --p4runtime-files "$out/sonde.p4info.txtpb" -o "$out/sonde.json" sonde.p4
