#!/usr/bin/env bash
# make p4-artifacts: regenerates the committed P4Info and gzipped BMv2 JSON from sonde.p4 with p4c.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/p4-programs/target/p4c-artifacts"
"$here/scripts/p4c-compile.sh" "$out"
resources="$here/p4-programs/src/main/resources"
cp "$out/sonde.p4info.txtpb" "$resources/p4info/sonde.p4info.txtpb"
mkdir -p "$resources/bmv2"
gzip -9 -n -c "$out/sonde.json" > "$resources/bmv2/sonde.json.gz"
echo "regenerated $resources/p4info/sonde.p4info.txtpb and $resources/bmv2/sonde.json.gz"
