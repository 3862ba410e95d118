#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Regenerates the NIC agent's fixture with the emulator itself (build it first:
# `mvn -o -pl emulator -am package -DskipTests`, or `make build`):
#   int_md.pcap         every INT packet the sinks of a FatTree(4) delivered to
#                       a host in 0.3 s of virtual time, as the agent receives it
#   int_md.truth.jsonl  per frame, in the same order: 5-tuple, path and per hop
#                       switch id, hop latency, queue occupancy, link utilization
#   host_frames.pcap    the same packets as the hosts received them (captured on
#                       each host's link, kept when bound to the host and of a
#                       flow the truth has): what the agent must pass on
# The topology is FatTree(4) with 10 Mb/s links (fattree4_10mbps.json, from
# `sonde-emulator topology --topology fattree:4 --export`), so bursts queue.
# Mixed UDP (NPT 1) and TCP (NPT 2) flows, bursty so queues build, the paper's
# four instructions (0xB100), hop latency in nanoseconds. Virtual time and a
# fixed seed make the run repeat exactly, byte for byte but for the pcaps'
# timestamps, which start at the wall-clock time of the run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
links=$(mktemp -d)
trap 'rm -rf "$links"' EXIT
captures=()
for host in $(python3 -c 'import json, sys; print(*(h["name"] for h in json.load(open(sys.argv[1]))["hosts"]))' \
	"$here/fattree4_10mbps.json"); do
	captures+=(--pcap "$host:1=$links/$host.pcap")
done
"$root/sonde-emulator" run --topology "$here/fattree4_10mbps.json" --clock virtual --duration 300ms \
	--seed 26 --flows 12 --protocol mixed --traffic bursty --rate 4000 --frame-bytes 128 \
	--int-instructions 0xB100 --tick-nanos 1 --collector 127.0.0.1:9 \
	--agent-pcap "$here/int_md.pcap" --agent-truth "$here/int_md.truth.jsonl" "${captures[@]}"
python3 - "$here/fattree4_10mbps.json" "$here/int_md.truth.jsonl" "$links" "$here/host_frames.pcap" <<'PY'
import json, socket, struct, sys
topology, truth, links, out = sys.argv[1:]
flows = {(t["src_ip"], t["dst_ip"], t["src_port"], t["dst_port"], t["protocol"])
         for t in map(json.loads, open(truth))}
kept, header = [], None
for host in json.load(open(topology))["hosts"]:
    data = open("%s/%s.pcap" % (links, host["name"]), "rb").read()
    header, at = data[:24], 24
    while at < len(data):
        caplen = struct.unpack_from("<I", data, at + 8)[0]
        record, frame = data[at:at + 16 + caplen], data[at + 16:at + 16 + caplen]
        at += 16 + caplen
        if struct.unpack_from("!H", frame, 12)[0] != 0x0800:
            continue
        ihl, proto = (frame[14] & 15) * 4, frame[23]
        src, dst = socket.inet_ntoa(frame[26:30]), socket.inet_ntoa(frame[30:34])
        sport, dport = struct.unpack_from("!HH", frame, 14 + ihl)
        if dst == host["ipv4"] and (src, dst, sport, dport, proto) in flows:
            kept.append((struct.unpack_from("<II", record), record))
want = sum(1 for _ in open(truth))
if len(kept) != want:
    sys.exit("the hosts received %d frames of the truth's flows, the truth has %d" % (len(kept), want))
with open(out, "wb") as f:
    f.write(header)
    for _, record in sorted(kept, key=lambda k: k[0]):
        f.write(record)
PY
